import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeChunksAtomic } from './atomic-file';

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
