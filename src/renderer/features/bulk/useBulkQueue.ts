import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkItemView, BulkListFilter, BulkOverall, BulkQueueStatus, BulkView } from '../../../shared/schemas/bulk';
import type { WindowAnswer } from '../../../shared/windows';
import type { Result } from '../../../shared/result';
import { unwrap } from '../../lib/api';
import type { LocalWindowSource } from '../../lib/windows';
import { useNotify } from '../../components/toast';

/** Where the grid's windows of the queue are kept (invalidated when the queue changes). */
const WINDOW_KEY = ['bulk', 'window'] as const;

export interface BulkSummaryCounts {
  uploaded: number;
  failed: number;
  attention: number;
  skipped: number;
}

/** The window shown: how many rows its view has, and what keeps items of the queue from starting. */
export interface QueueShown {
  view: BulkView;
  count: number;
  blocked: string | null;
}

type StatusAnswer = { status: BulkQueueStatus; overall: BulkOverall };

/**
 * The Bulk Upload page's one way to the queue: its status and overall progress, the grid's window
 * source, and the summary once the queue has run out of work. Main sends an event after every change
 * (about 10 a second at most), so the page never asks again after an action: the event refetches.
 */
export function useBulkQueue(filter: BulkListFilter) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [state, setState] = useState<StatusAnswer | null>(null);
  const [summary, setSummary] = useState<BulkSummaryCounts | null>(null);
  const [shown, setShown] = useState<QueueShown>({ view: { filter: 'all', search: '' }, count: 0, blocked: null });

  // The grid asks main for the rows it shows (a page), in the queue's order; search runs in main.
  const source = useMemo<LocalWindowSource<BulkItemView>>(
    () => ({
      key: [...WINDOW_KEY, filter],
      fetch: async (view): Promise<WindowAnswer<BulkItemView>> => {
        const search = view.search;
        const answer = await unwrap(window.api.bulk.list({ offset: view.offset, limit: view.limit, filter, search }));
        setShown({ view: { filter, search }, count: answer.total, blocked: answer.blocked });
        return { total: answer.all, count: answer.total, offset: answer.offset, rows: answer.rows, version: 0 };
      },
    }),
    [filter],
  );

  const loadSummary = useCallback(() => void window.api.bulk.summary({}).then((r) => r.ok && setSummary(r.data)), []);

  // Opened after the queue finished (the finished event went to another screen, or came before a
  // restart): nothing is left it can do by itself, so the summary shows.
  useEffect(() => {
    void window.api.bulk.status({}).then((answer) => {
      if (!answer.ok) return notify.error(answer.error.message);
      setState(answer.data);
      const { filesDone, filesTotal, needAttention } = answer.data.overall;
      if (!answer.data.status.active && filesDone > 0 && filesDone + needAttention >= filesTotal) loadSummary();
    });
  }, [loadSummary, notify]);

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    // The window shown is fetched again once changes settle (a page of rows, not the queue: also
    // while an add goes on, so its first rows show before its last file is queued).
    const catchUp = () => {
      // A window still on its way is not cancelled: while an add sends an event every 100 ms and main is
      // busy, each one would cancel the last window asked for, and no rows would show. Ask after it.
      if (queryClient.isFetching({ queryKey: WINDOW_KEY }) > 0) {
        pending = setTimeout(catchUp, 150);
        return;
      }
      pending = null;
      void queryClient.invalidateQueries({ queryKey: WINDOW_KEY });
    };
    const off = window.api.on('bulk:changed', (event) => {
      setState({ status: event.status, overall: event.overall });
      if (event.finished) loadSummary();
      // Progress patches the rows shown at once; changed rows come with the next window (coalesced).
      if (event.progress.length > 0) {
        const byId = new Map(event.progress.map((p) => [p.id, p]));
        queryClient.setQueriesData<WindowAnswer<BulkItemView>>({ queryKey: WINDOW_KEY }, (old) =>
          old && { ...old, rows: old.rows.map((r) => { const p = byId.get(r.id); return p ? { ...r, sent: p.sent, percent: p.percent, rate: p.rate } : r; }) },
        );
      }
      if (event.changed === 'all' || event.changed.length > 0) pending ??= setTimeout(catchUp, 150);
    });
    return () => {
      off();
      if (pending) clearTimeout(pending);
    };
  }, [queryClient, loadSummary]);

  /** Runs a call on the queue: its error is said; a status it answers is shown at once (its event follows). */
  const act = useCallback(
    async <T>(pending: Promise<Result<T>>): Promise<T | null> => {
      const result = await pending;
      if (!result.ok) {
        notify.error(result.error.message);
        return null;
      }
      const data = result.data as unknown;
      if (data && typeof data === 'object' && 'status' in data && 'overall' in data) setState(data as StatusAnswer);
      return result.data;
    },
    [notify],
  );

  return { status: state?.status ?? null, overall: state?.overall ?? null, summary, shown, source, act };
}
