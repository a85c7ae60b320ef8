/**
 * What must never reach a log file, removed at the log's door (log.ts runs every line through here,
 * whoever wrote it: main, a worker, the sandbox process, the renderer through the bridge).
 *
 * Three nets, because a caller cannot be trusted to remember: fields named like a secret or personal
 * data lose their value whatever it is; text that looks like an email address, a phone number, a
 * bearer token, a JWT or a token-carrying URL parameter is replaced; and values main knows are secret
 * (the session's token, learners' tokens) are replaced wherever they appear.
 */

/** Field names whose values are never written (matched on the name without case, dashes or underscores). */
const SECRET_KEY = /(token|password|passwd|secret|authorization|cookie|apikey|credential|otp|email|mail|phone|mobile|contact)/i;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** Ten or more digits, possibly grouped by spaces, dots, dashes or brackets, or '+' and eight or more. */
const PHONE = /(?:\+\d[\d\s().-]{7,}\d|(?<![\w.:])\(?\d(?:[\s().-]?\d){9,14}(?![\w:]))/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
/** token=, access-token=, password=... in a URL or a query string. */
const SECRET_PARAM = /([?&#;](?:[\w-]*(?:token|password|secret|key|code|sig|signature|email|phone)[\w-]*)=)[^&#\s"']*/gi;

export const REDACTED = '[redacted]';

/** Values known to be secret this run (tokens), longest first so a longer one is never half-replaced. */
export class SecretSet {
  private readonly values = new Set<string>();

  add(value: string | null | undefined): void {
    // Very short values would wipe ordinary words out of every line.
    if (value && value.length >= 8) this.values.add(value);
  }

  delete(value: string | null | undefined): void {
    if (value) this.values.delete(value);
  }

  scrub(text: string): string {
    let out = text;
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  }
}

/** A text with emails, phone numbers, tokens and the known secrets replaced. */
export function redactText(text: string, secrets?: SecretSet): string {
  let out = secrets ? secrets.scrub(text) : text;
  out = out.replace(SECRET_PARAM, `$1${REDACTED}`);
  out = out.replace(BEARER, `$1 ${REDACTED}`);
  out = out.replace(JWT, '[token]');
  out = out.replace(EMAIL, '[email]');
  out = out.replace(PHONE, '[phone]');
  return out;
}

const isSecretKey = (key: string) => SECRET_KEY.test(key.replace(/[-_\s]/g, ''));

/**
 * Any value made safe to write: objects and arrays copied with secret-named fields replaced and every
 * string through `redactText`; errors become `{ name, message, stack }` (their texts redacted too).
 * Depth and size are bounded so that a huge answer never lands in the log whole.
 */
export function redactValue(value: unknown, secrets?: SecretSet, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value.length > 4000 ? `${value.slice(0, 4000)}… (${value.length} characters)` : value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 6) return '[…]';
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message, secrets), ...(value.stack ? { stack: redactText(value.stack, secrets) } : {}) };
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, 50).map((item) => redactValue(item, secrets, depth + 1));
    return value.length > 50 ? [...items, `… ${value.length - 50} more`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>).slice(0, 100)) {
    out[key] = isSecretKey(key) && field !== null && field !== undefined && field !== '' ? REDACTED : redactValue(field, secrets, depth + 1);
  }
  return out;
}
