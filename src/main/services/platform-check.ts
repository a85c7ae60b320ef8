import { contract, type CallDef } from '../../shared/api';
import { answerPayload, expectedPlace, isPersonalField, partialIssues, readAnswer, PARTIAL, type ReadIssue } from '../../shared/tolerant';
import type { CallHttp } from './http';
import { BodyProblem, streamFailureMessage, TOKEN_WITHHELD, withholding } from './transport';
import type { CallReport, FieldMismatch, PlatformReport } from '../../shared/platform-report';

// A platform check before rollout (DESIGN section 14): every read call of the contract once, against a
// real server, writing nothing. It reports each call's status, time and size, the fields the answers do
// not match (with counts and one example, never a secret or personal value) and the records the
// console would show as partly read. The CLI (scripts/check-platform.ts) and Help > Check this server
// run the same function.

/**
 * The check reads each answer whole in memory, so its budget is small: a bigger answer is reported as
 * such without being read (the screens read lists by streaming, with a budget of their own).
 */
export const CHECK_MAX_BYTES = 64 * 1024 * 1024;

type Answers = Record<string, unknown>;
type Rec = Record<string, unknown>;

const first = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Rec)[k] : undefined), value);
const id = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** One read call of the plan: its input from earlier answers (null: nothing to ask about, skipped). */
interface Step {
  id: string;
  input?: (answers: Answers) => Rec | null;
  /** A learner call: the learner's token from the learner list (never reported). */
  learner?: boolean;
}

/** Every read call, in an order where each finds its input in the answers before it. */
export const READ_PLAN: readonly Step[] = [
  { id: 'adminAuth.users' },
  { id: 'adminAuth.getUser', input: (a) => (id(first(a['adminAuth.users'], 0, 'id')) ? { id: first(a['adminAuth.users'], 0, 'id') } : null) },
  { id: 'questionBank.questions' },
  { id: 'questionBank.categories' },
  { id: 'questionBank.resources' },
  { id: 'videoRepository.languages' },
  { id: 'videoRepository.courses' },
  { id: 'videoRepository.document', input: (a) => (id(first(a['videoRepository.courses'], 0, '_id')) ? { id: first(a['videoRepository.courses'], 0, '_id') } : null) },
  { id: 'videoRepository.modules' },
  { id: 'videoRepository.topics', input: (a) => (id(first(a['videoRepository.modules'], 0, '_id')) ? { moduleId: first(a['videoRepository.modules'], 0, '_id') } : null) },
  { id: 'videoRepository.topic', input: (a) => (id(topicOf(a)) ? { id: topicOf(a) } : null) },
  { id: 'videoRepository.videosByTopic', input: (a) => (id(topicOf(a)) ? { topicId: topicOf(a) } : null) },
  { id: 'videoRepository.videosByConcept', input: (a) => (id(conceptOf(a)) ? { conceptId: conceptOf(a) } : null) },
  { id: 'videoRepository.video', input: (a) => (id(first(a['videoRepository.videosByTopic'], 0, '_id')) ? { id: first(a['videoRepository.videosByTopic'], 0, '_id') } : null) },
  { id: 'library.mediaList' },
  { id: 'library.media', input: () => ({}) },
  { id: 'library.checkUrl', input: () => ({ url: 'https://example.com/content-console-platform-check' }) },
  { id: 'videoRepository.transcripts', input: (a) => (id(first(a['library.mediaList'], 0, '_id')) ? { videoId: first(a['library.mediaList'], 0, '_id') } : null) },
  { id: 'library.moments', input: (a) => (id(first(a['library.mediaList'], 0, '_id')) ? { fileId: first(a['library.mediaList'], 0, '_id') } : null) },
  { id: 'library.keywords' },
  { id: 'library.categories' },
  { id: 'library.synonyms' },
  { id: 'library.quotes' },
  { id: 'businessIdeas.all' },
  { id: 'mentorship.sessions' },
  { id: 'mentorship.sessionUsers' },
  { id: 'userApp.users' },
  { id: 'userApp.moduleProgress', input: (a) => (id(first(a['videoRepository.modules'], 0, '_id')) ? { moduleId: first(a['videoRepository.modules'], 0, '_id') } : null) },
  { id: 'userApp.progress', learner: true, input: () => ({}) },
  { id: 'userApp.conceptProgress', learner: true, input: (a) => (id(conceptOf(a)) ? { conceptId: conceptOf(a) } : null) },
];

function topicOf(a: Answers): unknown {
  return first(a['videoRepository.topics'], 'topics', 0, '_id');
}
function conceptOf(a: Answers): unknown {
  return first(a['videoRepository.videosByTopic'], 0, 'conceptId') ?? topicOf(a);
}

/** The contract entry of 'group.call'. */
export function entryOf(callId: string): CallDef {
  const [group, name] = callId.split('.') as [string, string];
  const def = (contract as unknown as Record<string, Record<string, CallDef>>)[group]?.[name];
  if (!def) throw new Error(`No such call: ${callId}`);
  return def;
}

interface PartlyRead {
  issues: ReadIssue[];
  id: string;
}

/** Every record's issues in an answer read inline (a single record's own, and those of records in its lists). */
function collect(value: unknown, into: PartlyRead[], depth = 0): number {
  if (depth > 6 || value === null || typeof value !== 'object') return 0;
  let records = 0;
  if (Array.isArray(value)) {
    for (const entry of value) {
      records += entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? 1 : 0;
      collect(entry, into, depth + 1);
    }
    return records;
  }
  const issues = partialIssues(value);
  if (issues) {
    const key = (value as Rec)._id ?? (value as Rec).id;
    into.push({ issues, id: typeof key === 'string' || typeof key === 'number' ? String(key) : '(no id)' });
  }
  for (const key in value) if (key !== PARTIAL) records += collect((value as Rec)[key], into, depth + 1);
  return records;
}

/** What one answer's records do not match, field by field. */
export function mismatchesOf(issuesByRecord: readonly ReadIssue[][]): FieldMismatch[] {
  const byField = new Map<string, FieldMismatch>();
  for (const issues of issuesByRecord) {
    for (const issue of issues) {
      // Positions in lists do not make separate fields: options.3.option is options.*.option.
      const field = issue.path.replace(/\.\d+(?=\.|$)/g, '.*') || '(record)';
      const name = field.split('.').filter((p) => p !== '*').pop() ?? field;
      const entry = byField.get(field) ?? { field, expected: issue.expected, count: 0, example: isPersonalField(name) ? '(withheld)' : issue.received };
      entry.count += 1;
      byField.set(field, entry);
    }
  }
  return [...byField.values()].sort((a, b) => b.count - a.count || a.field.localeCompare(b.field));
}

/**
 * Runs every read call once (GET only: nothing is written) and reports what the server's answers do
 * not match. `http` must be signed in; `learnerToken` finds a learner's token in the learner list's
 * answer (the progress calls act as a learner) and never appears in the report.
 */
export async function checkPlatform(http: CallHttp, server: string, now: () => number = () => performance.now(), secrets: () => readonly (string | null)[] = () => []): Promise<PlatformReport> {
  const answers: Answers = {};
  const calls: CallReport[] = [];
  const learnerToken = () => {
    const users = answers['userApp.users'];
    const token = first(users, 0, 'userInfo', 'token');
    return typeof token === 'string' && token ? token : null;
  };
  for (const step of READ_PLAN) {
    const def = entryOf(step.id);
    if (def.method !== 'GET') throw new Error(`${step.id} is not a read call`);
    const input = step.input ? step.input(answers) : {};
    const token = step.learner ? learnerToken() : undefined;
    if (input === null || token === null) {
      calls.push({ call: step.id, status: 'skipped', ms: 0, bytes: 0, records: 0, partial: 0, mismatches: [], message: 'Nothing to ask about (an earlier list was empty).' });
      continue;
    }
    const started = now();
    const answer = await http<ReadableStream<Uint8Array>>(def, input, `${step.id} (platform check)`, { stream: true, maxBytes: CHECK_MAX_BYTES, ...(token ? { learnerToken: token } : {}) });
    if (!answer.ok) {
      calls.push({ call: step.id, status: answer.error.status ?? 'failed', ms: Math.round(now() - started), bytes: 0, records: 0, partial: 0, mismatches: [], message: answer.error.message });
      continue;
    }
    // The whole answer is read before the clock stops: its time includes the transfer.
    let body: ArrayBuffer;
    try {
      body = await new Response(answer.data).arrayBuffer();
    } catch (error) {
      // Stalled, broken or over the budget: the stream says which (see transport.ts).
      calls.push({ call: step.id, status: 'failed', ms: Math.round(now() - started), bytes: error instanceof BodyProblem ? error.bytesRead : 0, records: 0, partial: 0, mismatches: [], message: streamFailureMessage(error, 'The answer could not be read whole.') });
      continue;
    }
    const ms = Math.round(now() - started);
    const bytes = body.byteLength;
    let envelope: unknown;
    try {
      envelope = JSON.parse(new TextDecoder().decode(body));
    } catch {
      envelope = undefined;
    }
    // Where the contract says, else under a wrapper key: read as the console reads it, and reported.
    const found = envelope !== null && typeof envelope === 'object' ? answerPayload(def.output, envelope as Rec, def.data) : { value: undefined };
    const payload = found.value;
    const read = payload === undefined && def.data ? null : readAnswer(def.output, payload);
    if (!read) {
      calls.push({ call: step.id, status: 'ok', ms, bytes, records: 0, partial: 0, mismatches: [{ field: def.data ?? '(answer)', expected: 'the shape the contract names', count: 1, example: '(not readable)' }] });
      continue;
    }
    answers[step.id] = read.value;
    const issues: PartlyRead[] = [];
    const records = Array.isArray(read.value) ? read.value.length : collect(read.value, issues) + 1;
    if (Array.isArray(read.value)) collect(read.value, issues);
    const wrapped: FieldMismatch[] = found.from ? [{ field: '(answer)', expected: expectedPlace(def.data), count: 1, example: `found under "${found.from}"` }] : [];
    calls.push({ call: step.id, status: 'ok', ms, bytes, records, partial: issues.length, mismatches: [...wrapped, ...mismatchesOf(issues.map((p) => p.issues))], partialIds: issues.slice(0, 10).map((p) => p.id) });
  }
  // A server may echo a token back (in an error message, in a field of a record): never in the report.
  const hide = withholding([...secrets(), learnerToken()]);
  const shown = calls.map((c) => ({
    ...c,
    ...(c.message !== undefined ? { message: hide(c.message) } : {}),
    mismatches: c.mismatches.map((m) => ({ ...m, example: hide(m.example) })),
    ...(c.partialIds ? { partialIds: c.partialIds.map(hide) } : {}),
  }));
  const report = { server, calls: shown, ok: calls.every((c) => c.status === 'ok' && c.mismatches.length === 0) };
  return { ...report, text: formatReport(report) };
}

export { TOKEN_WITHHELD, withholding };

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

/** The report as text (the CLI prints it; the app's dialog shows it). */
export function formatReport(report: Omit<PlatformReport, 'text'>): string {
  const lines = [`Platform check of ${report.server}`, ''];
  for (const c of report.calls) {
    const size = c.bytes >= 1024 ? `${(c.bytes / 1024).toFixed(1)} KB` : `${c.bytes} B`;
    const verdict = c.status === 'ok' ? (c.mismatches.length === 0 ? 'matches' : c.partial > 0 ? `${c.partial} ${c.partial === 1 ? 'record' : 'records'} partly read` : 'read, from another shape') : (c.message ?? '');
    lines.push(`${pad(c.call, 32)} ${pad(String(c.status), 8)} ${pad(`${c.ms} ms`, 9)} ${pad(size, 10)} ${pad(`${c.records} records`, 14)} ${verdict}`);
    for (const m of c.mismatches) lines.push(`    ${m.field}: expected ${m.expected}; ${m.count} ${m.count === 1 ? 'record' : 'records'}, e.g. ${m.example}`);
    if (c.partialIds && c.partialIds.length > 0) lines.push(`    partly read: ${c.partialIds.join(', ')}${c.partial > c.partialIds.length ? ', …' : ''}`);
  }
  const bad = report.calls.filter((c) => c.status !== 'ok' || c.mismatches.length > 0).length;
  lines.push('', report.ok ? `All ${report.calls.length} read calls answered and matched.` : `${bad} of ${report.calls.length} read calls did not match or did not answer.`);
  return lines.join('\n');
}
