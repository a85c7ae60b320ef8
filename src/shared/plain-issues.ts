import * as v from 'valibot';

/**
 * valibot's own texts ('Invalid length: Expected <=1000 but received 10000', 'Invalid key: Expected
 * "format" but received undefined') never reach a person: a rule without the spec's text (or ours)
 * is said in plain words instead. The renderer makes these the default messages of every schema
 * (installPlainMessages, at start); main names the field with them (door.ts).
 */

const count = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-IN') : String(n));

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

/** A plain sentence for an issue whose schema gave no message of its own. */
export function plainIssueText(issue: { kind: string; type: string; input: unknown; requirement?: unknown }): string {
  const { type, input, requirement } = issue;
  const items = Array.isArray(input) ? 'items' : 'characters';
  switch (type) {
    case 'max_length':
      return `Too long: at most ${count(requirement)} ${items}.`;
    case 'min_length':
      return `Too short: at least ${count(requirement)} ${items}.`;
    case 'length':
      return `Must be exactly ${count(requirement)} ${items}.`;
    case 'max_value':
      return `Too large: at most ${count(requirement)}.`;
    case 'min_value':
      return `Too small: at least ${count(requirement)}.`;
    case 'non_empty':
      return 'This cannot be empty.';
    case 'email':
      return 'Enter a valid email address.';
    case 'url':
      return 'Enter a valid web address.';
    case 'integer':
      return 'Enter a whole number.';
    case 'regex':
      return 'This is not in the expected form.';
    case 'max_size':
      return `Too large: at most ${count(requirement)} bytes.`;
    default:
      break;
  }
  if (issue.kind === 'schema') {
    if (input === undefined || input === null) return 'This is missing.';
    if (type === 'picklist' || type === 'literal' || type === 'enum' || type === 'union' || type === 'variant') return 'This is not one of the values allowed here.';
    const wanted = TYPE_WORDS[type];
    if (wanted) return `This must be ${wanted}.`;
  }
  return 'This value is not valid.';
}

/** A field's path as a person reads it: 'view.table.pageSize' -> 'Page size'. */
export function pathLabel(path: string): string {
  const last = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? path;
  const words = last.replace(/Ids?$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether a message is valibot's own (no schema gave one). */
export const isValibotText = (message: string): boolean => /^Invalid [a-z ]+: /.test(message);

/** An issue as one sentence: the schema's message, or a plain one naming the field (when it has a path). */
export function issueSentence(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue);
  const plain = plainIssueText(issue);
  if (!isValibotText(issue.message) && issue.message !== plain) return issue.message;
  return path ? `${pathLabel(path)}: ${plain.charAt(0).toLowerCase()}${plain.slice(1)}` : plain;
}

/** Makes the plain sentences the default messages of every schema (the renderer's forms show them beside their fields). */
export function installPlainMessages(): void {
  v.setGlobalMessage((issue) => plainIssueText(issue));
}
