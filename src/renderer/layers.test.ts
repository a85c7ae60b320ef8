import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The renderer's layer rules of eslint.config.js, checked on small sources linted as if they stood
// at the given paths (the files need not exist: the rule resolves the import against the path).
const root = decodeURIComponent(new URL('../..', import.meta.url).pathname).replace(/\/$/, '');
const eslint = new ESLint({ cwd: root });

async function layerErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message);
}

describe('renderer layers', () => {
  it('a feature never imports app/ nor another feature', async () => {
    expect(await layerErrors('src/renderer/features/admins/x.ts', "import { AREAS } from '../../app/areas';\nexport const a = AREAS;\n")).toEqual([
      expect.stringContaining('a feature never imports src/renderer/app'),
    ]);
    expect(await layerErrors('src/renderer/features/admins/x.ts', "import L from '../library/LibraryPage';\nexport const a = L;\n")).toEqual([
      expect.stringContaining("feature 'admins' never imports feature 'library'"),
    ]);
  });

  it('components, kit and lib never import a feature or app/', async () => {
    const feature = "import L from '../features/library/LibraryPage';\nexport const a = L;\n";
    expect(await layerErrors('src/renderer/components/x.ts', feature)).toEqual([expect.stringContaining('components never imports a feature')]);
    expect(await layerErrors('src/renderer/kit/x.ts', feature)).toEqual([expect.stringContaining('kit never imports a feature')]);
    expect(await layerErrors('src/renderer/lib/x.ts', "import { AREAS } from '../app/areas';\nexport const a = AREAS;\n")).toEqual([
      expect.stringContaining('lib never imports src/renderer/app'),
    ]);
  });

  it('lib never imports a component or the kit', async () => {
    expect(await layerErrors('src/renderer/lib/x.ts', "import { useNotify } from '../components/toast';\nexport const a = useNotify;\n")).toEqual([
      expect.stringContaining('lib holds plain helpers and hooks: it never imports a component'),
    ]);
    expect(await layerErrors('src/renderer/lib/x.ts', "import { ListScreen } from '../kit/ListScreen';\nexport const a = ListScreen;\n")).toEqual([expect.stringContaining('never imports the screen kit')]);
    expect(await layerErrors('src/renderer/components/x.ts', "import { useNotify } from '../lib/notify';\nexport const a = useNotify;\n")).toEqual([]);
  });

  it('what the layers allow passes', async () => {
    expect(await layerErrors('src/renderer/features/admins/x.ts', "import { callQuery } from '../../lib/calls';\nimport { ListScreen } from '../../kit/ListScreen';\nexport const a = [callQuery, ListScreen];\n")).toEqual([]);
    expect(await layerErrors('src/renderer/app/x.ts', "import A from '../features/admins/AdminsPage';\nexport const a = A;\n")).toEqual([]);
  });

  it('no renderer file over 400 lines', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const a${i} = ${i};`).join('\n') + '\n';
    const tooLong = async (path: string, n: number) => {
      const [result] = await eslint.lintText(lines(n), { filePath: `${root}/${path}` });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').length;
    };
    expect(await tooLong('src/renderer/components/x.tsx', 400)).toBe(0);
    expect(await tooLong('src/renderer/components/x.tsx', 401)).toBe(1);
    expect(await tooLong('src/renderer/features/admins/x.test.tsx', 401)).toBe(1);
  });
});
