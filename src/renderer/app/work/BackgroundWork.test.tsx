/**
 * The Background work panel's list and its model: an import, the Bulk Upload queue and bulk actions in
 * one place with their progress, result and cancel; a cancelled import says what it made and kept; a
 * desktop notification only for long work that ends while the window is not focused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { BulkOverall, BulkQueueStatus } from '../../../shared/schemas/bulk';
import { IMPORT_TEXT, type ImportStatus } from '../../../shared/schemas/course-import';
import { NOT_RUN } from '../../../shared/batch';
import { LONG_WORK_MS, actionRow, endsToSay, importRow, notifiesEnd, runningCount, uploadRow, useActionWork } from '../../lib/background-work';
import { callQuery } from '../../lib/calls';
import { fakeBridge, renderUi } from '../../test/render';
import { BackgroundWorkButton } from './BackgroundWork';
import { importFailureText } from './useBackgroundWork';

const IMPORTING: ImportStatus = {
  importId: 'imp1',
  phase: 'uploading',
  courseId: 'c1',
  parent: '',
  courseName: 'Dairy',
  folders: { made: 2, total: 2 },
  videos: { uploaded: 1, linked: 1, failed: 0, total: 3 },
  problem: null,
  entries: [],
};
const CANCELLED: ImportStatus = { ...IMPORTING, phase: 'cancelled', problem: IMPORT_TEXT.cancelledByYou };
const QUEUE: { status: BulkQueueStatus; overall: BulkOverall } = {
  status: { running: true, offline: false, concurrency: 2, active: true, notice: null },
  overall: { filesDone: 4, filesTotal: 10, bytesSent: 0, bytesTotal: 0, rate: 0, secondsLeft: null, needAttention: 0 },
};

beforeEach(() => useActionWork.setState({ actions: [] }));
afterEach(() => vi.restoreAllMocks());

describe('the background work model', () => {
  it('says what a cancelled import kept, and what it did not import', () => {
    expect(importRow(IMPORTING)).toMatchObject({ state: 'running', progressText: '2 of 2 folders made; 1 of 3 videos linked', result: null });
    // Cancelled by the person: the result says it (not a problem in red); a refusal that stopped it stays said.
    expect(importRow(CANCELLED)).toMatchObject({ state: 'cancelled', result: 'Kept: 2 folders made and 1 video linked into Dairy. Not imported: 2 videos.', problem: null });
    expect(importRow({ ...CANCELLED, problem: IMPORT_TEXT.courseRefused('No.') }).problem).toBe(IMPORT_TEXT.courseRefused('No.'));
    expect(importRow({ ...IMPORTING, problem: 'The server is not answering.' }).state).toBe('waiting');
  });

  it('counts running and waiting work for the badge, not a paused queue or finished work', () => {
    const paused = uploadRow({ ...QUEUE.status, running: false, active: false, paused: true }, QUEUE.overall)!;
    expect(paused.state).toBe('paused');
    const held = uploadRow({ ...QUEUE.status, running: false, active: false }, { ...QUEUE.overall, filesDone: 9, needAttention: 1 })!;
    expect(held).toMatchObject({ state: 'attention', result: '9 files uploaded; 1 need attention in Bulk Upload.' });
    expect(uploadRow(QUEUE.status, { ...QUEUE.overall, filesTotal: 0 })).toBeNull();
    expect(runningCount([importRow(IMPORTING), importRow({ ...IMPORTING, problem: 'waits' }), paused, importRow(CANCELLED)])).toBe(2);
  });

  it("says a cancelled action's records that did not run apart from its failures", () => {
    const summary = { batch: 'b1', call: 'synonyms.update', total: 5, done: 2, cancelled: true, failed: [{ key: 'a', label: 'A', message: 'Refused' }, { key: 'b', label: 'B', message: NOT_RUN }, { key: 'c', label: 'C', message: NOT_RUN }] };
    const row = actionRow({ batch: 'b1', title: 'Changing Status of 5 synonyms', total: 5, done: 2, failed: 3, running: false, summary, error: null, startedAt: 0, endedAt: 1, changed: 2, ending: null, shown: false, said: false });
    expect(row).toMatchObject({ state: 'cancelled', result: '2 done, 1 failed, 2 not run.', progressText: '5 of 5 records' });
  });

  it("says an action's end once: when its screen lets it go (summary closed or screen left) and it has ended", () => {
    const store = useActionWork.getState();
    const ending = { spoken: { text: 'User has been Deleted!!', timeout: 2000 } };
    const due = () => endsToSay(useActionWork.getState().actions).map((a) => a.batch);
    store.begin('b1', 'Deleting 2 accounts', 2, ending);
    store.begin('b2', 'Deleting 3 accounts', 3, ending);
    // Left while running: said when it ends.
    store.release('b1');
    expect(due()).toEqual([]);
    store.end('b1', { summary: { batch: 'b1', call: 'adminAuth.delete', total: 2, done: 2, failed: [], cancelled: false } });
    expect(due()).toEqual(['b1']);
    store.markSaid(['b1']);
    expect(due()).toEqual([]);
    // Ended while shown: said when its summary is closed; an Undo from the summary says nothing of it.
    store.end('b2', { summary: { batch: 'b2', call: 'adminAuth.delete', total: 3, done: 3, failed: [], cancelled: false } });
    expect(due()).toEqual([]);
    store.release('b2', true);
    expect(due()).toEqual([]);
  });

  it('counts what a retry changed with what the first run changed', () => {
    const store = useActionWork.getState();
    const failed = { key: 'a', label: 'A', message: 'The server did not answer.' };
    store.begin('b1', 'Changing Status of 3 files', 3, {});
    store.end('b1', { summary: { batch: 'b1', call: 'library.updateMedia', total: 3, done: 2, failed: [failed], cancelled: false } });
    store.begin('b1', 'Changing Status of 3 files', 1);
    store.end('b1', { summary: { batch: 'b1', call: 'library.updateMedia', total: 1, done: 1, failed: [], cancelled: false } });
    expect(useActionWork.getState().actions).toMatchObject([{ batch: 'b1', changed: 3, ending: {}, shown: true, said: false }]);
  });

  it('notifies only work that took the threshold or longer, while the window is not focused', () => {
    expect(notifiesEnd(0, LONG_WORK_MS, false)).toBe(true);
    expect(notifiesEnd(0, LONG_WORK_MS - 1, false)).toBe(false);
    expect(notifiesEnd(0, LONG_WORK_MS * 2, true)).toBe(false);
  });
});

describe('the error toast of an import that ends', () => {
  const entry = (path: string, state: ImportStatus['entries'][number]['state'], message: string | null) => ({ path, kind: 'video' as const, state, message });

  it("says why it stopped and each different reason an entry was not imported, once; not the person's own cancel", () => {
    const refused = 'A document of this title exists.';
    const failed = [entry('a', 'failed', refused), entry('b', 'failed', refused), entry('c', 'failed', 'The upload was cancelled.'), entry('d', 'linked', 'Linked to the library file of the same title.')];
    expect(importFailureText({ ...IMPORTING, phase: 'done', entries: failed })).toBe(`${refused} The upload was cancelled.`);
    expect(importFailureText({ ...CANCELLED, problem: IMPORT_TEXT.courseRefused('No.') })).toBe(IMPORT_TEXT.courseRefused('No.'));
    expect(importFailureText(CANCELLED)).toBeNull();
    // Cancelled while it waited on a refused folder (main tries it again): that refusal is said.
    expect(importFailureText(CANCELLED, 'A folder of this title exists.')).toBe('A folder of this title exists.');
    expect(importFailureText({ ...IMPORTING, phase: 'done' }, 'The server is not answering.')).toBeNull();
    expect(importFailureText({ ...IMPORTING, phase: 'done', entries: [entry('d', 'linked', null)] })).toBeNull();
  });

  it('is raised by the shell once, when an import it saw running ends', async () => {
    fakeBridge({ 'api:courseImport.status': () => ({ ok: true, data: IMPORTING }), 'api:bulk.status': () => ({ ok: true, data: QUEUE }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(<BackgroundWorkButton />, { client });
    await screen.findByRole('button', { name: 'Background work, 2 running' });
    const refused = 'A document of this title exists.';
    const key = callQuery('courseImport.status', {}).queryKey;
    const done: ImportStatus = { ...IMPORTING, phase: 'done', entries: [entry('a', 'failed', refused), entry('b', 'failed', refused)] };
    act(() => client.setQueryData(key, done));
    expect(await screen.findByText(refused)).toBeTruthy();
    // Seen again (a poll, a reopened panel): not said again.
    const again: ImportStatus = { ...done, entries: [...done.entries] };
    act(() => client.setQueryData(key, again));
    expect(screen.getAllByText(refused)).toHaveLength(1);
  });

  it("the button's visible text, its count included, is part of its name (WCAG 2.5.3, axe's label-content-name-mismatch)", async () => {
    fakeBridge({ 'api:courseImport.status': () => ({ ok: true, data: IMPORTING }), 'api:bulk.status': () => ({ ok: true, data: QUEUE }) });
    renderUi(<BackgroundWorkButton />);
    const button = await screen.findByRole('button', { name: 'Background work, 2 running' });
    // As axe compares them: the words a person sees (the badge too), against the name without its punctuation.
    const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '').replace(/\s+/g, ' ').trim();
    expect(words(button.textContent ?? '')).toBe('background work 2');
    expect(words('Background work, 2 running')).toContain(words(button.textContent ?? ''));
  });

  it('an import that had ended before the shell looked is not said', async () => {
    const ended: ImportStatus = { ...CANCELLED, problem: IMPORT_TEXT.courseRefused('No.') };
    fakeBridge({ 'api:courseImport.status': () => ({ ok: true, data: ended }), 'api:bulk.status': () => ({ ok: true, data: QUEUE }) });
    const bridge = renderUi(<BackgroundWorkButton />);
    await screen.findByRole('button', { name: 'Background work, 1 running' });
    await bridge.user.click(screen.getByRole('button', { name: 'Background work, 1 running' }));
    expect(await screen.findByText(IMPORT_TEXT.courseRefused('No.'))).toBeTruthy();
    expect(screen.getAllByText(IMPORT_TEXT.courseRefused('No.'))).toHaveLength(1);
  });
});

describe('BackgroundWorkButton', () => {
  it('counts the running work on its badge and lists the import, the uploads and an action with their progress', async () => {
    fakeBridge({ 'api:courseImport.status': () => ({ ok: true, data: IMPORTING }), 'api:bulk.status': () => ({ ok: true, data: QUEUE }) });
    useActionWork.getState().begin('b1', 'Changing Status of 3 synonyms', 3);
    const { user } = renderUi(<BackgroundWorkButton />);
    const button = await screen.findByRole('button', { name: 'Background work, 3 running' });
    await user.click(button);
    const list = await screen.findByRole('list', { name: 'Background work' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Changing Status of 3 synonyms', 'Import of Dairy', 'Bulk Upload']);
    expect(items[1]!.textContent).toContain('2 of 2 folders made; 1 of 3 videos linked');
    expect(within(items[1]!).getByRole('progressbar', { name: 'Progress of Import of Dairy' }).getAttribute('aria-valuetext')).toBe('2 of 2 folders made; 1 of 3 videos linked');
    expect(items[2]!.textContent).toContain('4 of 10 files uploaded');
    expect(within(items[2]!).getByRole('button', { name: 'Pause uploads' })).toBeTruthy();
    act(() => useActionWork.getState().progress({ batch: 'b1', total: 3, done: 3, failed: 0 }));
    act(() => useActionWork.getState().end('b1', { summary: { batch: 'b1', call: 'synonyms.update', total: 3, done: 3, failed: [], cancelled: false } }));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('3 done.');
    expect(screen.getByRole('button', { name: 'Background work, 2 running', hidden: true })).toBeTruthy();
  });

  it('cancels an import after asking, then says what was made and stays', async () => {
    const bridge = fakeBridge({
      'api:courseImport.status': () => ({ ok: true, data: IMPORTING }),
      'api:courseImport.cancel': () => ({ ok: true, data: CANCELLED }),
      'api:bulk.status': () => ({ ok: true, data: { ...QUEUE, overall: { ...QUEUE.overall, filesTotal: 0 } } }),
    });
    const { user } = renderUi(<BackgroundWorkButton />);
    await user.click(await screen.findByRole('button', { name: 'Background work, 1 running' }));
    const item = await screen.findByRole('listitem', { name: 'Import of Dairy' });
    await user.click(within(item).getByRole('button', { name: 'Cancel import…' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this import?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel import' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Import of Dairy' }).textContent).toContain('Kept: 2 folders made and 1 video linked into Dairy. Not imported: 2 videos.'));
    expect(bridge.inputsOf('api:courseImport.cancel')).toEqual([{ importId: 'imp1' }]);
    expect(screen.getByRole('button', { name: 'Background work', hidden: true })).toBeTruthy();
  });

  it('asks main for a desktop notification when a long action ends while the window is not focused, not for a short one', async () => {
    const bridge = fakeBridge({
      'api:courseImport.status': () => ({ ok: true, data: null }),
      'api:bulk.status': () => ({ ok: true, data: { ...QUEUE, overall: { ...QUEUE.overall, filesTotal: 0 } } }),
      'api:desktop.notify': () => ({ ok: true, data: { shown: true } }),
    });
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const store = useActionWork.getState();
    store.begin('long', 'Deleting 300 questions', 300);
    store.begin('short', 'Deleting 2 questions', 2);
    // The long one began before the threshold.
    useActionWork.setState(({ actions }) => ({ actions: actions.map((a) => (a.batch === 'long' ? { ...a, startedAt: a.startedAt - LONG_WORK_MS } : a)) }));
    renderUi(<BackgroundWorkButton />);
    await screen.findByRole('button', { name: 'Background work, 2 running' });
    const done = (batch: string, total: number) => ({ summary: { batch, call: 'questionBank.deleteQuestion', total, done: total, failed: [], cancelled: false } });
    act(() => useActionWork.getState().end('short', done('short', 2)));
    act(() => useActionWork.getState().end('long', done('long', 300)));
    await waitFor(() => expect(bridge.inputsOf('api:desktop.notify')).toEqual([{ title: 'Deleting 300 questions: Finished', body: '300 done.' }]));
  });
});
