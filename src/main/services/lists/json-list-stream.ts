// A streaming reader of one list answer (`{ "error": false, "message": "OK", "users": [ {...}, ... ] }`)
// for the list worker: bytes go in as they arrive, and the elements of the named array come out as soon
// as each is complete, so the first rows can be shown while a 250 MB answer is still on its way.
//
// Purpose-built rather than a general streaming JSON library: it only finds where the envelope's
// values and the array's elements begin and end (strings, escapes and nesting), and hands each run of
// complete elements to the engine's own JSON.parse at once. So every value is checked by JSON.parse
// itself, the structure between them (`{`, keys, `:`, `,`, `[`, `]`, `}`) by this scanner, and nothing
// here builds values byte by byte. Multi-byte UTF-8 is never split: cuts fall on ASCII delimiters.

export class MalformedJson extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Where we are in the envelope. */
type State =
  | 'start' // before '{'
  | 'key-or-end' // after '{': a key or '}'
  | 'key' // after ',': a key
  | 'colon'
  | 'value'
  | 'comma-or-end' // after a value: ',' or '}'
  | 'element-or-end' // after '[' of the list: an element or ']'
  | 'element' // after ',' in the list
  | 'element-comma-or-end' // after an element: ',' or ']'
  | 'done';

/**
 * The end of the string that starts at `i` (its opening quote): the index after its closing quote, or
 * -1 when the buffer ends first.
 */
function stringEnd(buf: Uint8Array, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = buf.indexOf(QUOTE, j);
    if (q < 0) return -1;
    // Escaped when preceded by an odd number of backslashes.
    let k = q - 1;
    while (k > i && buf[k] === BACKSLASH) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/**
 * The end of the value that starts at `i` (not whitespace): the index after it, or -1 when the buffer
 * ends first. A scalar (number, true, false, null) ends at a delimiter; at the very end of the answer
 * (`final`) the buffer's end ends it too.
 */
function valueEnd(buf: Uint8Array, i: number, final: boolean): number {
  const c = buf[i]!;
  if (c === QUOTE) return stringEnd(buf, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    let j = i;
    const n = buf.length;
    while (j < n) {
      const b = buf[j]!;
      if (b === QUOTE) {
        j = stringEnd(buf, j);
        if (j < 0) return -1;
        continue;
      }
      if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return j + 1;
        if (depth < 0) throw new MalformedJson(`Unexpected '${String.fromCharCode(b)}' at byte ${j}.`);
      }
      j++;
    }
    return -1;
  }
  if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COMMA || c === COLON) throw new MalformedJson(`Unexpected '${String.fromCharCode(c)}' where a value belongs.`);
  let j = i;
  while (j < buf.length) {
    const b = buf[j]!;
    if (b === COMMA || b === CLOSE_BRACE || b === CLOSE_BRACKET || isSpace(b)) return j;
    j++;
  }
  return final ? j : -1;
}

export interface ListStreamOptions {
  /** The envelope field holding the list (`users`); its elements are streamed, the other fields kept. */
  field: string;
  /** Receives each run of complete elements, in order (called during `push` and `end`). */
  onElements(elements: unknown[]): void;
  /**
   * An answer without `field` at its top level: the list found elsewhere in the envelope (under a
   * wrapper key such as `data`), read whole at the end, or null when there is none.
   */
  unwrap?(envelope: Record<string, unknown>): unknown[] | null;
}

/**
 * Reads one answer incrementally. `push` takes the next bytes; `end` says the answer is complete and
 * returns the envelope's other fields. Malformed or truncated input throws `MalformedJson`.
 */
export class JsonListStream {
  private buf: Uint8Array = new Uint8Array(0);
  /** Bytes of the answer consumed before `buf` (for messages). */
  private consumed = 0;
  private state: State = 'start';
  private key: string | null = null;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly envelope: Record<string, unknown> = {};
  private sawField = false;
  private closed = false;
  private elementCount = 0;

  constructor(private readonly options: ListStreamOptions) {}

  /** Elements handed out so far. */
  get count(): number {
    return this.elementCount;
  }

  /** The list's closing ']' was read: every element is out (the envelope may still go on). */
  get listClosed(): boolean {
    return this.closed;
  }

  /** The envelope's fields read so far (`error`, `message`, ...), without the list. */
  get fields(): Readonly<Record<string, unknown>> {
    return this.envelope;
  }

  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.buf.length === 0) this.buf = bytes;
    else {
      const joined = new Uint8Array(this.buf.length + bytes.length);
      joined.set(this.buf, 0);
      joined.set(bytes, this.buf.length);
      this.buf = joined;
    }
    this.scan(false);
  }

  end(): Record<string, unknown> {
    this.scan(true);
    if (this.state !== 'done') throw new MalformedJson(`The answer ended early (after ${this.consumed + this.buf.length} bytes).`);
    if (!this.sawField) {
      const list = this.options.unwrap?.(this.envelope) ?? null;
      if (!list) throw new MalformedJson(`The answer has no '${this.options.field}' list.`);
      this.elementCount += list.length;
      if (list.length > 0) this.options.onElements(list);
      this.closed = true;
    }
    return this.envelope;
  }

  private parse(from: number, to: number, wrap: boolean): unknown {
    try {
      const text = this.decoder.decode(this.buf.subarray(from, to));
      return JSON.parse(wrap ? `[${text}]` : text);
    } catch (error) {
      throw new MalformedJson(`Not valid JSON near byte ${this.consumed + from}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private scan(final: boolean): void {
    const buf = this.buf;
    const n = buf.length;
    let i = 0;
    // A run of complete elements [runStart, runEnd), parsed in one JSON.parse.
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart < 0) return;
      const elements = this.parse(runStart, runEnd, true) as unknown[];
      runStart = runEnd = -1;
      this.elementCount += elements.length;
      this.options.onElements(elements);
    };
    const unexpected = (what: string): never => {
      throw new MalformedJson(`Expected ${what} at byte ${this.consumed + i}, found '${String.fromCharCode(buf[i]!)}'.`);
    };
    scanning: while (i < n) {
      const c = buf[i]!;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (this.state) {
        case 'start':
          if (c !== OPEN_BRACE) unexpected("'{'");
          this.state = 'key-or-end';
          i++;
          break;
        case 'key-or-end':
        case 'key': {
          if (c === CLOSE_BRACE && this.state === 'key-or-end') {
            this.state = 'done';
            i++;
            break;
          }
          if (c !== QUOTE) unexpected('a key');
          const end = stringEnd(buf, i);
          if (end < 0) break scanning;
          this.key = this.parse(i, end, false) as string;
          this.state = 'colon';
          i = end;
          break;
        }
        case 'colon':
          if (c !== COLON) unexpected("':'");
          this.state = 'value';
          i++;
          break;
        case 'value':
          if (this.key === this.options.field && c === OPEN_BRACKET && !this.sawField) {
            this.sawField = true;
            this.state = 'element-or-end';
            i++;
            break;
          }
          {
            const end = valueEnd(buf, i, final);
            if (end < 0) break scanning;
            this.envelope[this.key!] = this.parse(i, end, false);
            this.state = 'comma-or-end';
            i = end;
          }
          break;
        case 'comma-or-end':
          if (c === COMMA) this.state = 'key';
          else if (c === CLOSE_BRACE) this.state = 'done';
          else unexpected("',' or '}'");
          i++;
          break;
        case 'element-or-end':
        case 'element': {
          if (c === CLOSE_BRACKET && this.state === 'element-or-end') {
            this.closed = true;
            this.state = 'comma-or-end';
            i++;
            break;
          }
          const end = valueEnd(buf, i, false);
          if (end < 0) break scanning;
          if (runStart < 0) runStart = i;
          runEnd = end;
          this.state = 'element-comma-or-end';
          i = end;
          break;
        }
        case 'element-comma-or-end':
          if (c === COMMA) this.state = 'element';
          else if (c === CLOSE_BRACKET) {
            flush();
            this.closed = true;
            this.state = 'comma-or-end';
          } else unexpected("',' or ']'");
          i++;
          break;
        case 'done':
          unexpected('the end of the answer');
      }
    }
    // Everything before `i` is read (the elements of this run go out now); an incomplete key, value or
    // element starting at `i` waits for more bytes.
    flush();
    this.consumed += i;
    this.buf = buf.subarray(i);
  }
}
