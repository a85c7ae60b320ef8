import { ACTION_FIELD, BATCH_FIELD, type ApiEvents, type LocalImpl, type Local } from '../../shared/api';
import { fail, ok, type ErrorKind, type Result } from '../../shared/result';
import { BATCH_CONCURRENCY, LIST_BATCH, NOT_RUN, batchItemOf, finalRefusal, type BatchItem, type BatchMatching, type BatchRun, type BatchSummary } from '../../shared/batch';
import { notSelectable, withoutMarks } from '../../shared/tolerant';
import { Limiter } from '../services/limiter';
import type { WindowAnswer, WindowQuery } from '../../shared/windows';

type Handler = (input: unknown) => Promise<Result<unknown>>;

export interface BatchDeps {
  /** The recorded generic handler of a contract call ('group.call'), the one a single write goes through. */
  handler: (call: string) => Handler | undefined;
  /** A window of a list main keeps (to resolve "all N matching"). */
  window: (query: WindowQuery) => Promise<Result<WindowAnswer>>;
  emit: (payload: ApiEvents['batch:progress']) => void;
  concurrency?: number;
  /** Progress events at most this often, in ms (and always at the end). */
  throttleMs?: number;
}

interface Job {
  call: string;
  /** How History names the action (every write carries it). */
  action?: BatchRun['action'];
  items: BatchItem[];
  /** Why each failed record failed, and whether the refusal is final (Retry leaves it out). */
  failed: Map<string, { message: string; final: boolean; kind?: ErrorKind; status?: number }>;
  running: boolean;
  cancelled: boolean;
}

/** The records "all matching" stands for: every window of the list's current view, less the unticked. */
async function resolveMatching(deps: BatchDeps, batch: string, call: string, matching: BatchMatching, patch: Record<string, string | number | boolean>): Promise<Result<BatchItem[]>> {
  const spec = LIST_BATCH[matching.list];
  const make = spec?.calls[call];
  if (!spec || !make) return fail('validation', `A bulk ${call} cannot run on all matching records of this list.`);
  const except = new Set(matching.except);
  const items: BatchItem[] = [];
  const view = `batch:${batch}`;
  for (let offset = 0; ; ) {
    const answer = await deps.window({ list: matching.list, input: matching.input, view, search: matching.search, filters: matching.filters, sort: null, offset, limit: 1000, ...(matching.partial ? { partial: true } : {}) });
    if (!answer.ok) return answer;
    for (const row of answer.data.rows) {
      // A record sharing its id with another is left out: a write by that id could reach either.
      if (notSelectable(row)) continue;
      const record = withoutMarks(row as object) as never;
      const key = spec.key(record);
      if (except.has(key)) continue;
      items.push(batchItemOf(key, labelOf(record, key), make(record, patch), record));
    }
    offset += answer.data.rows.length;
    if (answer.data.rows.length === 0 || offset >= answer.data.count) return ok(items);
  }
}

/** A record's name in the summary: its title, question or name, else its key. */
function labelOf(record: Record<string, unknown>, key: string): string {
  const name = record.title ?? record.question ?? record.name ?? record.email;
  return typeof name === 'string' && name ? name.slice(0, 300) : key;
}

/**
 * Bulk actions (src/shared/api/batch.ts): each record's write goes through the recorded generic
 * handler (so the conflict check, the unmodelled fields, History and the kept lists' invalidation are
 * a single write's), at most `concurrency` at once, past any failure; every write carries the batch
 * id in BATCH_FIELD. Main keeps each finished action's failures so Retry runs only those, under the
 * same batch id.
 */
export function createBatchGroup(deps: BatchDeps) {
  const jobs = new Map<string, Job>();
  const concurrency = deps.concurrency ?? BATCH_CONCURRENCY;
  const throttle = deps.throttleMs ?? 100;

  /** Runs `items`; the summary's failures are those of `reported` (a retry reports the final refusals it left out too). */
  async function runItems(batch: string, job: Job, items: readonly BatchItem[], reported: readonly BatchItem[] = items): Promise<BatchSummary> {
    const handler = deps.handler(job.call);
    job.running = true;
    job.cancelled = false;
    let done = 0;
    let failedCount = 0;
    let last = 0;
    const progress = (force: boolean) => {
      const now = Date.now();
      if (!force && now - last < throttle) return;
      last = now;
      deps.emit({ batch, total: items.length, done, failed: failedCount });
    };
    progress(true);
    // Records a cancel left untouched fail as not run, so Retry failed takes them too.
    const notRun: BatchItem[] = [];
    const limiter = new Limiter(Math.max(1, concurrency));
    const one = async (item: BatchItem) => {
      // Refused by the form's rules before any call: it would be refused again, so Retry leaves it out.
      if (item.refused !== undefined) {
        failedCount += 1;
        job.failed.set(item.key, { message: item.refused, final: true, kind: 'validation' });
        progress(false);
        return;
      }
      if (job.cancelled) {
        notRun.push(item);
        return;
      }
      const answer = handler ? await handler({ ...item.input, [BATCH_FIELD]: batch, ...(job.action ? { [ACTION_FIELD]: job.action } : {}) }) : fail('validation', `No call ${job.call}.`);
      if (answer.ok) {
        done += 1;
        job.failed.delete(item.key);
      } else {
        failedCount += 1;
        job.failed.set(item.key, { message: answer.error.message, final: finalRefusal(answer.error), kind: answer.error.kind, status: answer.error.status });
      }
      progress(false);
    };
    await Promise.all(items.map((item) => limiter.run(() => one(item))));
    for (const item of notRun) job.failed.set(item.key, { message: NOT_RUN, final: false });
    job.running = false;
    progress(true);
    const byKey = new Map(reported.map((item) => [item.key, item]));
    return {
      batch,
      call: job.call,
      total: items.length,
      done,
      failed: [...job.failed]
        .filter(([key]) => byKey.has(key))
        .map(([key, { message, final, kind, status }]) => ({
          key,
          label: byKey.get(key)!.label,
          message,
          ...(final ? { final: true as const } : {}),
          ...(kind ? { kind } : {}),
          ...(status !== undefined ? { status } : {}),
        })),
      cancelled: job.cancelled,
    };
  }

  const calls: LocalImpl<Local>['batch'] = {
    run: async (input) => {
      const run = input as BatchRun;
      if (jobs.get(run.batch)?.running) return fail('validation', 'This action is already running.');
      if (!deps.handler(run.call)) return fail('validation', `No call ${run.call}.`);
      let items = run.items ?? [];
      if (run.matching) {
        const resolved = await resolveMatching(deps, run.batch, run.call, run.matching, run.patch ?? {});
        if (!resolved.ok) return resolved;
        items = resolved.data;
      }
      const job: Job = { call: run.call, ...(run.action ? { action: run.action } : {}), items, failed: new Map(), running: false, cancelled: false };
      jobs.set(run.batch, job);
      return ok(await runItems(run.batch, job, items));
    },
    retry: async ({ batch }) => {
      const job = jobs.get(batch);
      if (!job) return fail('validation', 'This action is no longer kept.');
      if (job.running) return fail('validation', 'This action is already running.');
      // A final refusal stays failed as it was: sent again it would be refused again.
      const failed = job.items.filter((item) => job.failed.has(item.key));
      return ok(await runItems(batch, job, failed.filter((item) => !job.failed.get(item.key)!.final), failed));
    },
    cancel: async ({ batch }) => {
      const job = jobs.get(batch);
      if (!job?.running) return ok({ cancelled: false });
      job.cancelled = true;
      return ok({ cancelled: true });
    },
  };
  return { calls };
}
