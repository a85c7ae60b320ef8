import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BulkOverall, BulkQueueStatus } from '../../../shared/schemas/bulk';
import { IMPORT_TEXT, type ImportStatus } from '../../../shared/schemas/course-import';
import { useNotify } from '../../components/toast';
import { WORK_STATE_TEXT, actionRow, importRow, isRunning, notifiesEnd, uploadRow, useActionWork, type WorkRow } from '../../lib/background-work';
import { callQuery } from '../../lib/calls';
import { failuresMessage } from '../../kit/useBulk';

type QueueAnswer = { status: BulkQueueStatus; overall: BulkOverall };

const importEnded = (status: ImportStatus | null | undefined) => status?.phase === 'done' || status?.phase === 'cancelled';

/**
 * Says by a desktop notification that long work has ended while the window is not focused. The queue's
 * own end is main's to say (it notifies whenever the queue finishes), so uploads are left out here.
 */
function useEndNotices(rows: readonly WorkRow[], startedAt: (row: WorkRow) => number | undefined): void {
  // When each running row was first seen running (an import found after a restart: when it was seen).
  const running = useRef(new Map<string, number>());
  useEffect(() => {
    const now = Date.now();
    for (const row of rows) {
      const since = running.current.get(row.id);
      if (isRunning(row)) {
        if (since === undefined) running.current.set(row.id, startedAt(row) ?? now);
        continue;
      }
      if (since === undefined) continue;
      running.current.delete(row.id);
      if (row.kind !== 'upload' && notifiesEnd(since, now, document.hasFocus())) {
        void window.api.desktop.notify({ title: `${row.title}: ${WORK_STATE_TEXT[row.state]}`, body: row.result ?? '' });
      }
    }
  }, [rows, startedAt]);
}

/**
 * What an ended import's error toast says: why it stopped (a refusal of its course, or what it was
 * waiting on when the person cancelled it, a refused folder say; not the cancel itself) and why its
 * entries were not imported (a refused link, a failed upload), each different reason once, as a bulk
 * action's failures are said. Null when nothing failed.
 */
export function importFailureText(status: ImportStatus, waitingOn: string | null = null): string | null {
  const own = status.problem === IMPORT_TEXT.cancelledByYou;
  const stopped = status.phase !== 'cancelled' ? [] : own ? (waitingOn ? [waitingOn] : []) : status.problem ? [status.problem] : [];
  const reasons = [...stopped, ...status.entries.flatMap((e) => (e.state === 'failed' && e.message ? [e.message] : []))];
  return failuresMessage(reasons.map((message, i) => ({ key: String(i), label: '', message })), undefined);
}

/**
 * Both specs show a server's errorMessage as an error toast: an import that ends while this window
 * follows it says what failed once (its summary and the panel keep each entry). An import that had ended
 * before the window first looked is not said again.
 */
function useImportEndToast(status: ImportStatus | null | undefined): void {
  const notify = useNotify();
  const said = useRef<Set<string> | null>(null);
  // What the running import waits on (main retries it), as last seen.
  const waitingOn = useRef<string | null>(null);
  useEffect(() => {
    if (status === undefined) return;
    said.current ??= new Set(status && importEnded(status) ? [status.importId] : []);
    if (!status) return;
    if (!importEnded(status)) {
      waitingOn.current = status.problem;
      return;
    }
    if (said.current.has(status.importId)) return;
    said.current.add(status.importId);
    const text = importFailureText(status, waitingOn.current);
    waitingOn.current = null;
    if (text) notify.error(text);
  }, [status, notify]);
}

/**
 * The rows of the Background work panel: the bulk actions of this window (newest first), the folder
 * import (running, or the last one) and the Bulk Upload queue, kept current by their events and polls.
 */
export function useBackgroundWork(): WorkRow[] {
  const importStatus = useQuery({
    ...callQuery('courseImport.status', {}),
    refetchInterval: (query) => (query.state.data && !importEnded(query.state.data) ? 1000 : false),
  }).data;
  useImportEndToast(importStatus);
  const [queue, setQueue] = useState<QueueAnswer | null>(null);
  const actions = useActionWork((state) => state.actions);

  useEffect(() => {
    let alive = true;
    void window.api.bulk.status({}).then((answer) => alive && answer.ok && setQueue(answer.data));
    const offQueue = window.api.on('bulk:changed', (event) => setQueue({ status: event.status, overall: event.overall }));
    // Progress of actions whose screen has been left is followed here.
    const offBatch = window.api.on('batch:progress', (progress) => useActionWork.getState().progress(progress));
    return () => {
      alive = false;
      offQueue();
      offBatch();
    };
  }, []);

  const rows = useMemo(() => {
    const upload = queue ? uploadRow(queue.status, queue.overall) : null;
    return [...actions.map(actionRow).reverse(), ...(importStatus ? [importRow(importStatus)] : []), ...(upload ? [upload] : [])];
  }, [actions, importStatus, queue]);
  const startedAt = useMemo(() => {
    const byRow = new Map(actions.map((a) => [actionRow(a).id, a.startedAt]));
    return (row: WorkRow) => byRow.get(row.id);
  }, [actions]);
  useEndNotices(rows, startedAt);
  return rows;
}
