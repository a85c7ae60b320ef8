import { describe, expect, it } from 'vitest';
import { JsonListStream, MalformedJson } from './json-list-stream';

const encode = (text: string) => new TextEncoder().encode(text);

/** Reads `bytes` pushed in the given pieces: the elements in order, the envelope, and how many runs came out. */
function read(pieces: Uint8Array[], field = 'users') {
  const elements: unknown[] = [];
  let runs = 0;
  const stream = new JsonListStream({
    field,
    onElements: (run) => {
      runs++;
      elements.push(...run);
    },
  });
  for (const piece of pieces) stream.push(piece);
  const envelope = stream.end();
  return { elements, envelope, runs, count: stream.count };
}

// Escapes, quotes and brackets inside strings, multi-byte UTF-8 (Devanagari, an emoji), nesting,
// numbers in every form, and whitespace wherever JSON allows it.
const ANSWER = ` { "error" : false, "message":"OK \\"quoted\\" \\\\ [not] {a list}",
  "users": [ {"_id":"a1","userInfo":{"mobileNumber":"9820012345","name":"हिन्दी 🙂"},"tags":["x","]","\\\\"],"n":-1.5e3},
  {"_id":"b2","empty":{},"list":[],"t":true,"f":false,"z":null} ,"plain string", 42 , [1,[2,[3]]] ],
  "total": 5 } `;

describe('JsonListStream', () => {
  const expected = JSON.parse(ANSWER) as { users: unknown[]; error: boolean; message: string; total: number };

  it('reads a whole answer pushed at once: the elements in order and the other fields', () => {
    const { elements, envelope } = read([encode(ANSWER)]);
    expect(elements).toEqual(expected.users);
    expect(envelope).toEqual({ error: false, message: expected.message, total: 5 });
  });

  it('reads the same answer split at every byte, and byte by byte', () => {
    const bytes = encode(ANSWER);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { elements, envelope } = read([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(elements, `cut at ${cut}`).toEqual(expected.users);
      expect(envelope.message).toBe(expected.message);
    }
    const single = read([...bytes].map((b) => Uint8Array.of(b)));
    expect(single.elements).toEqual(expected.users);
    expect(single.envelope.total).toBe(5);
  });

  it('hands out the elements as they complete, before the answer ends', () => {
    const seen: unknown[] = [];
    const stream = new JsonListStream({ field: 'users', onElements: (run) => seen.push(...run) });
    stream.push(encode('{"error":false,"users":[{"a":1},{"a":'));
    expect(seen).toEqual([{ a: 1 }]);
    stream.push(encode('2},{"a":3}'));
    expect(seen).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(stream.count).toBe(3);
    expect(stream.listClosed).toBe(false);
    stream.push(encode(']'));
    expect(stream.listClosed).toBe(true);
    stream.push(encode('}'));
    expect(stream.end()).toEqual({ error: false });
  });

  it('reads an empty list and a list that is not the field asked for', () => {
    expect(read([encode('{"error":false,"message":"OK","users":[]}')]).elements).toEqual([]);
    const other = read([encode('{"questions":[1,2],"users":[3]}')]);
    expect(other.elements).toEqual([3]);
    expect(other.envelope).toEqual({ questions: [1, 2] });
  });

  it('refuses malformed answers with a clear error', () => {
    const bad = [
      '[1,2]', // not an object
      '{"users":[1,2,]}', // trailing comma
      '{"users":[1 2]}', // missing comma
      '{"users":[{"a":1]}]}', // mismatched brackets
      '{"users":[{"a":tru}]}', // a bad literal (JSON.parse of the run)
      '{"users":[1]} x', // text after the answer
      '{"users" [1]}', // missing colon
      '{users:[1]}', // unquoted key
      '{"error":false}', // no list
      '{"users":{"a":1}}', // not a list
      '{"users":[1],}', // trailing comma in the envelope
    ];
    for (const text of bad) expect(() => read([encode(text)]), text).toThrow(MalformedJson);
    // Invalid UTF-8 inside a string.
    const invalid = Uint8Array.from([...encode('{"users":["'), 0xff, ...encode('"]}')]);
    expect(() => read([invalid])).toThrow(MalformedJson);
  });

  it('refuses a truncated answer, wherever it is cut', () => {
    const bytes = encode(ANSWER.trimEnd());
    for (let cut = 0; cut < bytes.length; cut++) {
      expect(() => read([bytes.subarray(0, cut)]), `cut at ${cut}`).toThrow(MalformedJson);
    }
  });
});

describe('JsonListStream: a list under a wrapper key', () => {
  it('hands the list found by `unwrap` over at the end, whole; without `unwrap` the answer has no list', () => {
    const text = '{"error":false,"message":"OK","data":{"users":[{"_id":"a"},{"_id":"b"}]}}';
    const elements: unknown[] = [];
    const stream = new JsonListStream({
      field: 'users',
      onElements: (run) => elements.push(...run),
      unwrap: (envelope) => ((envelope.data as { users?: unknown[] } | undefined)?.users ?? null),
    });
    stream.push(encode(text));
    expect(elements).toEqual([]);
    stream.end();
    expect(elements).toEqual([{ _id: 'a' }, { _id: 'b' }]);
    expect(stream.count).toBe(2);
    expect(stream.listClosed).toBe(true);
    const plain = new JsonListStream({ field: 'users', onElements: () => undefined });
    plain.push(encode(text));
    expect(() => plain.end()).toThrow(MalformedJson);
  });
});
