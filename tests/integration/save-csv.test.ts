import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channelOf } from '../../src/shared/api';
import type { Core } from '../../src/main/core';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { createTestCore } from './harness';

// files.saveCsv: a table's export goes where the save dialog says; no path comes from the page.

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setUp(answer: (name: string) => string | null) {
  const dir = await mkdtemp(join(tmpdir(), 'cc-csv-'));
  dirs.push(dir);
  const asked: string[] = [];
  const core = await createTestCore({
    stateDir: dir,
    tokenStore: memoryTokenStore(),
    startSandbox: async () => {
      throw new Error('no sandbox in this test');
    },
    emit: () => undefined,
    pickSavePath: async (name) => {
      asked.push(name);
      const path = answer(name);
      return path && join(dir, path);
    },
  });
  cores.push(core);
  const save = (input: unknown) => core.handlers.get(channelOf('files', 'saveCsv'))!(input);
  return { dir, asked, save };
}

describe('files.saveCsv', () => {
  it('writes the text with a byte-order mark where the dialog says, and names the file', async () => {
    const { dir, asked, save } = await setUp(() => join('chosen', 'mine.csv'));
    const text = 'ID,Question\r\n1,कितने?\r\n';
    expect(await save({ name: 'Question Bank 2026-11-25.csv', text })).toEqual({ ok: true, data: { saved: 'mine.csv' } });
    expect(asked).toEqual(['Question Bank 2026-11-25.csv']);
    expect(await readFile(join(dir, 'chosen', 'mine.csv'), 'utf8')).toBe(`\uFEFF${text}`);
  });

  it('a cancelled dialog saves nothing', async () => {
    const { save } = await setUp(() => null);
    expect(await save({ name: 'Admins.csv', text: 'a\r\n' })).toEqual({ ok: true, data: { saved: null } });
  });

  it('refuses a name with folders, without .csv, or with control characters, before any dialog', async () => {
    const { asked, save } = await setUp(() => 'x.csv');
    for (const name of ['../etc/passwd.csv', 'C:\\\\x.csv', 'notes.txt', 'a\u0000b.csv', '']) {
      expect(await save({ name, text: 'a' }), name).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(asked).toEqual([]);
  });
});
