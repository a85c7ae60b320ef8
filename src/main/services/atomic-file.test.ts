import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inOrderWrites, writeChunksAtomic } from './atomic-file';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-atomic-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeChunksAtomic', () => {
  it('writes every piece in order, multi-byte text across slice boundaries included', async () => {
    const pieces = Array.from({ length: 3000 }, (_, i) => `${i}:${'é✓😀'.repeat(100)};`);
    const path = join(root, 'sub', 'big.json');
    await writeChunksAtomic(path, pieces);
    expect(await readFile(path, 'utf8')).toBe(pieces.join(''));
    expect(await readdir(join(root, 'sub'))).toEqual(['big.json']);
  });

  it('a failure half-way leaves the old file as it was and no temp file', async () => {
    const path = join(root, 'q.json');
    await writeFile(path, 'old');
    function* failing() {
      yield 'x'.repeat(2 * 1024 * 1024);
      throw new Error('serialising failed');
    }
    await expect(writeChunksAtomic(path, failing())).rejects.toThrow('serialising failed');
    expect(await readFile(path, 'utf8')).toBe('old');
    expect(await readdir(root)).toEqual(['q.json']);
  });
});

describe('inOrderWrites', () => {
  const large = 'old '.repeat(2_000_000);

  it('two writes at once end with the newer one, the larger older one written first', async () => {
    // Plain atomic writes at once end in either order (here, 20 times in 20, with the older renamed last).
    const path = join(root, 'settings.json');
    const write = inOrderWrites(path);
    await Promise.all([write(large), write('new')]);
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(root)).toEqual(['settings.json']);
  });

  it('of the writes waiting behind one on its way, the newest is written, and every caller waits for it', async () => {
    const path = join(root, 'settings.json');
    const write = inOrderWrites(path);
    const settled: string[] = [];
    const first = write(large).then(() => settled.push('first'));
    const waiting = ['a', 'b', 'c'].map((data) => write(data).then(() => settled.push(data)));
    await Promise.all([first, ...waiting]);
    expect(settled).toEqual(['first', 'a', 'b', 'c']);
    expect(await readFile(path, 'utf8')).toBe('c');
  });

  it('a failed write fails its callers only; the next write is made', async () => {
    const path = join(root, 'settings.json');
    // A folder where the file should be: the rename fails.
    await mkdir(path);
    const write = inOrderWrites(path);
    await expect(write('lost')).rejects.toThrow();
    await rm(path, { recursive: true });
    await write('kept');
    expect(await readFile(path, 'utf8')).toBe('kept');
  });
});
