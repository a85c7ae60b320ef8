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
  const shown: string[] = [];
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
    showItemInFolder: (path) => void shown.push(path),
  });
  cores.push(core);
  const save = (input: unknown) => core.handlers.get(channelOf('files', 'saveCsv'))!(input);
  const saveView = (input: unknown) => core.handlers.get(channelOf('files', 'saveView'))!(input);
  const saveReport = (input: unknown) => core.handlers.get(channelOf('files', 'saveReport'))!(input);
  const showInFolder = (input: unknown) => core.handlers.get(channelOf('files', 'showInFolder'))!(input);
  return { dir, asked, shown, save, saveView, saveReport, showInFolder };
}

describe('files.saveCsv', () => {
  it('writes the text with a byte-order mark where the dialog says, and names the file', async () => {
    const { dir, asked, save } = await setUp(() => join('chosen', 'mine.csv'));
    const text = 'ID,Question\r\n1,कितने?\r\n';
    expect(await save({ name: 'Question Bank 2026-11-25.csv', text })).toMatchObject({ ok: true, data: { saved: 'mine.csv', savedId: expect.any(String) } });
    expect(asked).toEqual(['Question Bank 2026-11-25.csv']);
    expect(await readFile(join(dir, 'chosen', 'mine.csv'), 'utf8')).toBe(`\uFEFF${text}`);
  });

  it('a cancelled dialog saves nothing', async () => {
    const { save } = await setUp(() => null);
    expect(await save({ name: 'Admins.csv', text: 'a\r\n' })).toEqual({ ok: true, data: { saved: null, savedId: null } });
  });

  it('refuses a name with folders, without .csv, or with control characters, before any dialog', async () => {
    const { asked, save } = await setUp(() => 'x.csv');
    for (const name of ['../etc/passwd.csv', 'C:\\\\x.csv', 'notes.txt', 'a\u0000b.csv', '']) {
      expect(await save({ name, text: 'a' }), name).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(asked).toEqual([]);
  });
});

describe('files.saveView', () => {
  it('writes a view file (no byte-order mark) where the dialog says; refuses a name not ending in .json', async () => {
    const { dir, asked, saveView } = await setUp(() => 'shared.json');
    const text = '{"format":"content-console-view"}\n';
    expect(await saveView({ name: 'Question Bank - English.json', text })).toMatchObject({ ok: true, data: { saved: 'shared.json' } });
    expect(await readFile(join(dir, 'shared.json'), 'utf8')).toBe(text);
    expect(await saveView({ name: 'view.csv', text })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(asked).toEqual(['Question Bank - English.json']);
  });
});

describe('files.saveReport', () => {
  it("writes Check this server's report as it is where the dialog says; refuses a name not ending in .txt", async () => {
    const { dir, asked, saveReport } = await setUp(() => 'report.txt');
    const text = 'adminAuth.users: ok\n1 of 1 calls matched.';
    expect(await saveReport({ name: 'server-check-2026-12-06.txt', text })).toMatchObject({ ok: true, data: { saved: 'report.txt' } });
    expect(await readFile(join(dir, 'report.txt'), 'utf8')).toBe(text);
    expect(await saveReport({ name: 'report.csv', text })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(asked).toEqual(['server-check-2026-12-06.txt']);
  });
});

describe('files.showInFolder', () => {
  it('shows a file this run saved, by its id only; an unknown id shows nothing', async () => {
    const { dir, shown, save, showInFolder } = await setUp(() => 'out.csv');
    const answer = (await save({ name: 'Admins.csv', text: 'a\r\n' })) as { ok: true; data: { savedId: string } };
    expect(await showInFolder({ savedId: answer.data.savedId })).toEqual({ ok: true, data: { shown: true } });
    expect(shown).toEqual([join(dir, 'out.csv')]);
    expect(await showInFolder({ savedId: 'not-an-id' })).toEqual({ ok: true, data: { shown: false } });
    expect(shown).toHaveLength(1);
  });
});
