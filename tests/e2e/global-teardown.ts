/**
 * Prints, at the end of a Playwright run, how many axe passes the walks made (the suite's count of
 * accessibility checks, which a faster suite must not lower): one line per pass in the run's sandbox root.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AXE_RUNS_FILE } from './helpers';

export default async function globalTeardown(): Promise<void> {
  const root = process.env.E2E_SANDBOX_ROOT;
  if (!root) return;
  const lines = (await readFile(join(root, AXE_RUNS_FILE), 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const light = lines.filter((line) => line.startsWith('light')).length;
  console.log(`e2e: ${lines.length} axe passes (${light} light with every WCAG 2.0/2.1 A and AA rule, ${lines.length - light} dark with the colour rules)`);
}
