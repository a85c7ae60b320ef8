/**
 * Two of the suite's own rules, checked over the files: no comment or text in src/ cites an issue number
 * (the code says why, the tracker is elsewhere), and no end-to-end walk sleeps a fixed time
 * (`waitForTimeout`): a walk waits for what a person would see, or runs a clock through.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, ends);
    return ends.test(name) ? [path] : [];
  });
}

/** 'issue 21', 'issue #41', 'issues 3 and 4' (not 'an issue', 'issues' alone). */
const CITES_ISSUE = /\bissues?\s*#?\d+/i;

describe("the suite's own rules", () => {
  it('no source file cites an issue number', () => {
    const citing = filesUnder(join(root, 'src'), /\.(ts|tsx)$/).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (CITES_ISSUE.test(line) ? [`${relative(root, path)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });

  it('no end-to-end walk sleeps a fixed time', () => {
    const sleeping = filesUnder(join(root, 'tests', 'e2e'), /\.spec\.ts$/).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bwaitForTimeout\(/.test(line) ? [`${relative(root, path)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(sleeping).toEqual([]);
  });

  it('the pattern catches a cited issue and lets plain words pass', () => {
    expect(['// Bulk actions (issue 21, item 1)', '/* see issue #41 */', 'issues 3 and 4'].every((l) => CITES_ISSUE.test(l))).toBe(true);
    expect(['// an issue of the platform', 'issues: string[]', 'v.issues(x)'].filter((l) => CITES_ISSUE.test(l))).toEqual([]);
  });
});
