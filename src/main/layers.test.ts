import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// Main's rules of eslint.config.js, checked on small sources linted as if they stood at the given
// paths (the files need not exist: the rules resolve the import against the path).
const root = decodeURIComponent(new URL('../..', import.meta.url).pathname).replace(/\/$/, '');
const eslint = new ESLint({ cwd: root });

async function errors(path: string, source: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('main layers', () => {
  it('only the sandbox process entry imports the reference server', async () => {
    const server = "import { startServer } from '../../../server/app';\nexport const a = startServer;\n";
    expect(await errors('src/main/sandbox/sandbox.ts', server, 'layers/boundaries')).toEqual([expect.stringContaining('only src/main/sandbox/child.ts imports server/')]);
    expect(await errors('src/main/index.ts', "import { startServer } from '../../server/app';\nexport const a = startServer;\n", 'layers/boundaries')).toHaveLength(1);
    expect(await errors('src/main/sandbox/child.ts', server, 'layers/boundaries')).toEqual([]);
  });

  it('raw ipcMain only in src/main/ipc/', async () => {
    const named = "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n";
    expect(await errors('src/main/app/window.ts', named, 'no-restricted-imports')).toEqual([expect.stringContaining('ipcMain is used only in src/main/ipc/')]);
    expect(await errors('src/main/app/window.ts', "import * as electron from 'electron';\nelectron.ipcMain.handle('x', () => 1);\n", 'no-restricted-syntax')).toEqual([
      'ipcMain and ipcRenderer are used only in src/main/ipc/ and src/preload/',
    ]);
    expect(await errors('src/main/ipc/register.ts', named, 'no-restricted-imports')).toEqual([]);
    expect(await errors('src/main/app/window.ts', "import { BrowserWindow } from 'electron';\nexport const a = BrowserWindow;\n", 'no-restricted-imports')).toEqual([]);
  });

  it('the HTTP client is made only by the door', async () => {
    const make = (from: string) => `import { createHttpClient } from '${from}';\nexport const a = createHttpClient;\n`;
    const banned = expect.stringContaining('Only src/main/services/door.ts makes the HTTP client');
    expect(await errors('src/main/core.ts', make('./services/http'), 'no-restricted-imports')).toEqual([banned]);
    expect(await errors('src/main/local/bulk.ts', make('../services/http'), 'no-restricted-imports')).toEqual([banned]);
    expect(await errors('src/main/services/course-health.ts', make('./http'), 'no-restricted-imports')).toEqual([banned]);
    expect(await errors('src/main/ipc/register.ts', make('../services/http'), 'no-restricted-imports')).toEqual([banned]);
    expect(await errors('scripts/check-platform.ts', "import * as h from '../src/main/services/http';\nexport const a = h;\n", 'no-restricted-imports')).toEqual([expect.stringContaining('Only src/main/services/door.ts')]);
    expect(await errors('src/main/services/door.ts', make('./http'), 'no-restricted-imports')).toEqual([]);
    // Its types stay importable (a service takes the door's call by its shape).
    expect(await errors('src/main/services/records.ts', "import type { CallHttp } from './http';\nexport type A = CallHttp;\n", 'no-restricted-imports')).toEqual([]);
    // The door keeps the ipc ban.
    expect(await errors('src/main/services/door.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n", 'no-restricted-imports')).toEqual([expect.stringContaining('ipcMain is used only')]);
  });
});
