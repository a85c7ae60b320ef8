import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BatchRun, BatchSummary } from '../../shared/batch';
import { useActionWork, type ActionEnding } from '../lib/background-work';
import { serviceOf, targetKey, type CallId } from '../lib/calls';

/** A bulk action as the page follows it: running (with progress) or finished (its summary). */
export interface BatchJob {
  title: string;
  batch: string;
  call: string;
  total: number;
  done: number;
  failed: number;
  running: boolean;
  /** Records changed by the action so far, its retries included (what Undo can take back). */
  changed: number;
  summary: BatchSummary | null;
  /** The action could not start (an input main refused). */
  error: string | null;
}

/**
 * Runs a bulk action in main (batch.run, batch.retry, batch.cancel), follows its 'batch:progress'
 * events, and refetches the call's service when it ends (main drops its kept lists the same way). The
 * shell's Background work panel lists it (lib/background-work), and the shell says its end in toasts
 * (app/work/ActionEndToasts) once the screen lets it go: its summary closed, or the screen left.
 */
export function useBatchRun() {
  const client = useQueryClient();
  const [job, setJob] = useState<BatchJob | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () =>
      window.api.on('batch:progress', (p) => {
        if (p.batch === current.current) setJob((j) => (j && j.batch === p.batch ? { ...j, total: p.total, done: p.done, failed: p.failed } : j));
      }),
    [],
  );
  // Left before its summary was closed: the shell says its end, now or when it ends.
  useEffect(
    () => () => {
      if (current.current) useActionWork.getState().release(current.current);
    },
    [],
  );
  const follow = async (
    base: Omit<BatchJob, 'running' | 'summary' | 'error' | 'done' | 'failed'>,
    answer: () => Promise<Awaited<ReturnType<typeof window.api.batch.run>>>,
    ending?: ActionEnding,
  ) => {
    current.current = base.batch;
    setJob({ ...base, done: 0, failed: 0, running: true, summary: null, error: null });
    // The shell's Background work panel follows it too, after this screen is left.
    const work = useActionWork.getState();
    work.begin(base.batch, base.title, base.total, ending);
    const result = await answer();
    work.end(base.batch, result.ok ? { summary: result.data } : { error: result.error.message });
    void client.invalidateQueries({ queryKey: targetKey(serviceOf(base.call as CallId)) });
    setJob((j) =>
      j && j.batch === base.batch
        ? result.ok
          ? { ...j, running: false, summary: result.data, total: result.data.total, done: result.data.done, failed: result.data.failed.length, changed: j.changed + result.data.done }
          : { ...j, running: false, error: result.error.message }
        : j,
    );
    return result;
  };
  return {
    job,
    /** Runs an action; `ending`: how the shell says its end. */
    run: (title: string, request: BatchRun, ending?: ActionEnding) =>
      follow({ title, batch: request.batch, call: request.call, total: request.items?.length ?? 0, changed: 0 }, () => window.api.batch.run(request), ending),
    /** Runs the failed records again (the same batch id). */
    retry: () => (job ? follow({ title: job.title, batch: job.batch, call: job.call, total: job.summary?.failed.length ?? 0, changed: job.changed }, () => window.api.batch.retry({ batch: job.batch })) : undefined),
    cancel: () => (job ? void window.api.batch.cancel({ batch: job.batch }) : undefined),
    /** Closes the summary: the shell says the action's end (unless `quiet`: an Undo says its own). */
    close: (quiet = false) => {
      if (current.current) useActionWork.getState().release(current.current, quiet);
      current.current = null;
      setJob(null);
    },
  };
}
