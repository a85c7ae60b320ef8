import type * as v from 'valibot';

/**
 * How the text fields of a multipart call travel (decided here, used by main to encode and by the
 * reference server to decode): a string is sent as it is; a number or boolean as its decimal/JSON
 * text; an array or object as JSON text. Absent (undefined/null) fields are left out. The server
 * turns each text part back by the type the call's input schema expects for that field, then
 * validates with that same schema.
 */
export function encodeMultipartField(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

type Node = { type?: string; wrapped?: unknown; pipe?: unknown[]; entries?: Record<string, unknown>; options?: unknown[] };

/** The object entries of a schema, looking through pipes. */
function entriesOf(schema: unknown): Record<string, unknown> {
  let node = schema as Node;
  for (let depth = 0; depth < 5 && node; depth += 1) {
    if (node.entries) return node.entries;
    if (node.pipe) node = node.pipe[0] as Node;
    else if (node.wrapped) node = node.wrapped as Node;
    else break;
  }
  return {};
}

/** The base type of a field schema, through optional/nullable wrappers ('string', 'number', 'array', ...); a pipe keeps its schema's type. */
function baseType(schema: unknown): string | undefined {
  let node = schema as Node | undefined;
  for (let depth = 0; depth < 8 && node; depth += 1) {
    if (node.type === 'optional' || node.type === 'nullable' || node.type === 'nullish' || node.type === 'exact_optional') {
      node = node.wrapped as Node;
    } else if (node.type === 'union') {
      // A union of a number and a string (query numbers) reads as a number.
      const types = (node.options ?? []).map(baseType);
      return types.includes('number') ? 'number' : types[0];
    } else return node.type;
  }
  return node?.type;
}

const DECIMAL_INTEGER = /^-?(0|[1-9]\d{0,14})$/;

/** Turns the text parts of a multipart request back into field values by the input schema's field types. */
export function decodeMultipartFields(schema: v.GenericSchema, fields: Record<string, string>): Record<string, unknown> {
  const entries = entriesOf(schema);
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(fields)) {
    const type = baseType(entries[key]);
    // Decimal integers only: Number() would also read '0x10', '1e3', ' 7 ' or 'Infinity'. Anything else
    // stays text, which the schema then refuses with the field's own message.
    if (type === 'number') out[key] = DECIMAL_INTEGER.test(text) ? Number(text) : text;
    else if (type === 'boolean') out[key] = text === 'true' ? true : text === 'false' ? false : text;
    else if (type === 'array' || type === 'object' || type === 'loose_object' || type === 'strict_object') {
      try {
        out[key] = JSON.parse(text);
      } catch {
        out[key] = text;
      }
    } else out[key] = text;
  }
  return out;
}
