// A stand-in for a platform whose records were made by older clients: a proxy in front of the
// reference server that changes what it answers the way legacy data does. In each list of records the
// first record gets an enum value the console does not know, a text field that is null, a number sent
// as a string and a nested object missing; every record gets fields the console does not model. A
// single record (get-user, a topic, a video, a learner's progress summary) is drifted like a list's first. It records every request
// (method, path, headers, body) so that tests can see what the console sent. Other modes send the answers a
// console can still read: wrapped, with nulls, with a repeated `_id`, with dates in other forms.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface DriftProxy {
  url: string;
  seen: SeenRequest[];
  /**
   * 'drift' (the default), 'extras' (only the unmodelled fields: every record still matches), 'off', or
   * one or more of the answers the console can still read, joined by '+' ('nulls+duplicates'):
   * 'wrap' (the envelope's data under `data`), 'nulls' (a null after each list's first record),
   * 'duplicates' (each list's second record takes the first one's `_id`), 'dates' (see `redate`).
   */
  mode: DriftMode;
  close(): Promise<void>;
}

type Rec = Record<string, unknown>;
const isRec = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Fields whose values are enums in the contract's schemas. */
const ENUM_FIELDS = ['language', 'status', 'difficulty', 'type', 'role', 'optionFormat', 'visibility', 'fileType', 'planType'];
/** Never changed: ids (tests find records by them) and the learner token (the progress calls need it). */
const KEEP = new Set(['_id', 'id', 'token', 'error', 'message']);
export const LEGACY_ENUM = 'Legacy value';
export const EXTRA_FIELDS = { legacyCode: 'L-7', reviewedBy: { name: 'Old Admin App' } } as const;

/** The first record's drifts; returns the fields it changed. */
export function driftRecord(record: Rec): string[] {
  const changed: string[] = [];
  const keys = Object.keys(record).filter((k) => !KEEP.has(k));
  const enumKey = keys.find((k) => ENUM_FIELDS.includes(k) && typeof record[k] === 'string');
  if (enumKey) {
    record[enumKey] = LEGACY_ENUM;
    changed.push(enumKey);
  }
  const textKey = keys.find((k) => k !== enumKey && typeof record[k] === 'string' && record[k] !== '');
  if (textKey) {
    record[textKey] = null;
    changed.push(textKey);
  }
  const numberKey = keys.find((k) => typeof record[k] === 'number');
  if (numberKey) {
    record[numberKey] = String(record[numberKey]);
    changed.push(numberKey);
  }
  const objectKey = keys.find((k) => isRec(record[k]) && k !== 'userInfo');
  if (objectKey) {
    delete record[objectKey];
    changed.push(objectKey);
  }
  return changed;
}

/** Drifts an envelope in place: its lists of records and its single records (`extrasOnly`: only adds the unmodelled fields). */
export function driftEnvelope(envelope: Rec, extrasOnly = false): void {
  for (const [key, value] of Object.entries(envelope)) {
    if (KEEP.has(key)) continue;
    if (Array.isArray(value) && value.length > 0 && value.every(isRec)) {
      value.forEach((record, i) => {
        Object.assign(record, EXTRA_FIELDS);
        if (i === 0 && !extrasOnly) driftRecord(record);
      });
    } else if (isRec(value)) {
      Object.assign(value, EXTRA_FIELDS);
      if (!extrasOnly) driftRecord(value);
    }
  }
}

export type ReadableDrift = 'wrap' | 'nulls' | 'duplicates' | 'dates';
export type DriftMode = 'drift' | 'extras' | 'off' | ReadableDrift | `${ReadableDrift}+${ReadableDrift}`;

/** The envelope's data (every field but error and message) under `data`, as some gateways wrap it. */
export function wrapEnvelope(envelope: Rec): void {
  const data: Rec = {};
  for (const key of Object.keys(envelope)) {
    if (key === 'error' || key === 'message') continue;
    data[key] = envelope[key];
    delete envelope[key];
  }
  envelope.data = data;
}

/** The envelope's lists of records (arrays of objects, at its top level). */
const recordLists = (envelope: Rec): Rec[][] =>
  Object.entries(envelope)
    .filter(([key, value]) => !KEEP.has(key) && Array.isArray(value) && value.length > 0 && value.every(isRec))
    .map(([, value]) => value as Rec[]);

/** A null after each list's first record. */
export function addNulls(envelope: Rec): void {
  for (const list of recordLists(envelope)) list.splice(1, 0, null as unknown as Rec);
}

/** Each list's second record takes the first one's `_id`. */
export function duplicateIds(envelope: Rec): void {
  for (const list of recordLists(envelope)) if (list.length > 1 && typeof list[0]!._id === 'string') list[1]!._id = list[0]!._id;
}

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATE_KEYS = new Set(['at', 'addedAt', 'updatedAt', 'createdAt', 'lastUpdatedAt', 'loginTime', 'startTime']);

/** The forms 'dates' sends, by a record's position in its list (0 to 4): what each ISO date becomes. */
export const DATE_FORMS: readonly ((iso: string) => string | number)[] = [
  // DD/MM/YYYY and D-MM-YYYY of its UTC day; epoch seconds; epoch milliseconds; ISO without its zone.
  (iso) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
  (iso) => `${Number(iso.slice(8, 10))}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`,
  (iso) => Math.floor(Date.parse(iso) / 1000),
  (iso) => Date.parse(iso),
  (iso) => iso.slice(0, 19),
];

/** Every ISO date of a record (at any depth), in the form of its position. */
function redateRecord(record: Rec, form: (iso: string) => string | number): void {
  for (const [key, value] of Object.entries(record)) {
    if (DATE_KEYS.has(key) && typeof value === 'string' && ISO_Z.test(value)) record[key] = form(value);
    else if (isRec(value)) redateRecord(value, form);
  }
}

/** The first five records of each list get their dates in the five forms of DATE_FORMS, in order. */
export function redate(envelope: Rec): void {
  for (const list of recordLists(envelope)) list.slice(0, DATE_FORMS.length).forEach((record, i) => redateRecord(record, DATE_FORMS[i]!));
}

/** Alters an envelope in place as `mode` says. */
export function alterEnvelope(envelope: Rec, mode: DriftMode): void {
  if (mode === 'off') return;
  if (mode === 'drift' || mode === 'extras') return driftEnvelope(envelope, mode === 'extras');
  const parts = mode.split('+') as ReadableDrift[];
  if (parts.includes('dates')) redate(envelope);
  if (parts.includes('duplicates')) duplicateIds(envelope);
  if (parts.includes('nulls')) addNulls(envelope);
  if (parts.includes('wrap')) wrapEnvelope(envelope);
}

export async function startDriftProxy(target: string): Promise<DriftProxy> {
  const upstream = new URL(target);
  const seen: SeenRequest[] = [];
  const proxy: DriftProxy = { url: '', seen, mode: 'drift', close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body });
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let payload = Buffer.concat(parts);
            const json = String(answer.headers['content-type'] ?? '').includes('application/json');
            if (proxy.mode !== 'off' && req.method === 'GET' && json && (answer.statusCode ?? 500) < 300) {
              const envelope = JSON.parse(payload.toString('utf8')) as Rec;
              alterEnvelope(envelope, proxy.mode);
              payload = Buffer.from(JSON.stringify(envelope));
            }
            const headers = { ...answer.headers, 'content-length': String(payload.length) };
            delete headers['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(payload);
          });
        },
      );
      out.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise((resolve) => server.close(() => resolve()));
  return proxy;
}
