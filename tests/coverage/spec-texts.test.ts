/**
 * The specs' fixed texts (both error catalogues, copied here word for word) are each asserted exactly by
 * some test: as a literal in tests/ (not through the app's own constant, so a typo there fails), in a
 * form that matches the whole text with its case and punctuation (not getByText without exact, not
 * toContainText, not a hasText substring).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CATALOGUE = [
  // Spec 1, section 8.
  'Category Not Added, Please Try Again',
  'Question Not Added, Please Try Again',
  'Resource Not Added, Please Try Again',
  'Topic Not Added, Please Try Again',
  'Video Not Edited, Please Try Again',
  'Moment Not Added, Please Try Again',
  'File Not Added, Please Try Again',
  'Unable to fetch Progress',
  'Unable to fetch Modules',
  'URL already exists with video name {title}',
  'Something went wrong. Please try again!',
  "Couldn't delete user",
  'Login successful!',
  'User has been Deleted!!',
  'User updated successfully!',
  'User has been Added',
  'User has been Updated',
  'Password has been Changed',
  'Done!',
  // Spec 2, section 8.
  'Something went wrong, Please Try Again',
  'Module Not Added, Please Try Again',
  'Unable to delete, Please Try Again',
  'Error in Post, Please Try Again',
  'Tip Not Added, Please Try Again',
  'Error while Post, Please Try Again',
  'Tip Not Edited, Please Try Again',
  'Error while Edit, Please Try Again',
  'Event Not Updated, Please Try Again',
  'Error in Update, Please Try Again',
  'Document deleted successfully.',
  'Event link is copied.',
];

/**
 * Texts that appear in more than one place, and the walks that assert each place: a tool that reaches
 * the same record (a bulk action, Undo) must say the spec's text too, not a text of its own.
 */
const PLACES: Record<string, Record<string, string>> = {
  'User has been Deleted!!': {
    'e2e/admins.spec.ts': 'the Delete of one admin',
    'e2e/staff-spec.spec.ts': 'a bulk Delete of accounts',
    'e2e/selection.spec.ts': 'a bulk Delete of accounts of which one failed',
  },
  'User has been Updated': { 'e2e/admins.spec.ts': 'the Edit of one admin', 'e2e/staff-spec.spec.ts': 'a bulk Status change of accounts' },
  'Are you sure you want to delete course {name}?': { 'e2e/courses.spec.ts': "a course's Delete", 'e2e/staff-spec.spec.ts': 'a bulk Delete of one course' },
};

const root = join(import.meta.dirname, '..');
const files = new Map(
  ['e2e', 'integration'].flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts')).map((f): [string, string] => [`${dir}/${f}`, readFileSync(join(root, dir, f), 'utf8')])),
);
const sources = [...files.values()].join('\n');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text as a string literal: quoted whole ('...', "..." or `...`; a {placeholder} filled in or `${...}`). */
const literal = (text: string): RegExp => {
  const body = text
    .split(/\{\w+\}/)
    .map((part) => escape(part).replace(/'/g, "\\\\?'"))
    .join('(?:\\$\\{[^}]+\\}|[^\'"`\\n]+)');
  return new RegExp(`(['"\`])${body}\\1`, 'g');
};
/** Matchers that accept part of a text, or any case. */
const LOOSE = /(getByText\(\s*|toContainText\(\s*|hasText:\s*|getByLabel\(\s*)$/;

function exactUses(text: string, source = sources): number {
  let exact = 0;
  for (const match of source.matchAll(literal(text))) {
    const before = source.slice(Math.max(0, match.index - 40), match.index);
    const after = source.slice(match.index + match[0].length, match.index + match[0].length + 30);
    const loose = LOOSE.test(before) && !(/getByText\(\s*$/.test(before) && /^\s*,\s*\{[^}]*exact:\s*true/.test(after));
    if (!loose) exact += 1;
  }
  return exact;
}

describe("the specs' fixed texts", () => {
  it('each is asserted exactly, as a literal, by an e2e or integration test', () => {
    expect(CATALOGUE.filter((text) => exactUses(text) === 0)).toEqual([]);
  });

  it('each text of several places is asserted exactly in the walk of each place', () => {
    const missing = Object.entries(PLACES).flatMap(([text, places]) =>
      Object.entries(places).flatMap(([file, place]) => (exactUses(text, files.get(file) ?? '') > 0 ? [] : [`${text} (${place}, ${file})`])),
    );
    expect(missing).toEqual([]);
  });

  it('a literal only inside a loose matcher does not count', () => {
    expect(exactUses('Login successful!')).toBeGreaterThan(0);
    expect(LOOSE.test("expect(page.getByText(")).toBe(true);
  });
});
