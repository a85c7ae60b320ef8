import { describe, expect, it } from 'vitest';
import { useEffect, useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { Button } from '@fluentui/react-components';
import { fakeBridge, renderUi } from '../test/render';
import { BatchDialog, finishedTitle } from './BulkBar';
import type { BatchJob } from './useBatchRun';

// The bulk action's dialog as it runs and once it has ended (the walk with a real server: tests/e2e/selection.spec.ts).

const running: BatchJob = { title: 'Changing Category of 3 questions', batch: 'b1', call: 'questionBank.updateQuestion', total: 3, done: 1, failed: 0, running: true, changed: 1, summary: null, error: null };
const ended: BatchJob = { ...running, done: 3, running: false, changed: 3, summary: { done: 3, failed: [], cancelled: false } as unknown as BatchJob['summary'] };

/** Runs, then ends when told (as useBatchRun's job does when main's summary comes). */
function Dialog() {
  const [job, setJob] = useState(running);
  useEffect(() => {
    finish = () => setJob(ended);
  }, []);
  return <BatchDialog job={job} names={['question', 'questions']} onRetry={() => undefined} onCancel={() => undefined} onClose={() => undefined} actions={job.running ? null : <Button>Undo</Button>} />;
}
let finish = () => undefined as void;

describe('BatchDialog', () => {
  it('says the work is done in its title once it ends, and puts the focus on Close, not on Undo', async () => {
    fakeBridge();
    renderUi(<Dialog />);
    expect(await screen.findByRole('alertdialog', { name: 'Changing Category of 3 questions' })).toBeTruthy();
    act(() => finish());
    expect(await screen.findByRole('dialog', { name: 'Changed Category of 3 questions' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
  });

  it('offers Retry failed only for failures that may go through another time, not for a final refusal', async () => {
    fakeBridge();
    const failedWith = (failed: { key: string; label: string; message: string; final?: true }[]): BatchJob => ({
      ...ended, done: 1, failed: failed.length, summary: { batch: 'b1', call: 'questionBank.updateQuestion', total: 1 + failed.length, done: 1, failed, cancelled: false },
    });
    const refused = { key: 'q2', label: 'Which planet?', message: 'The question was not found.', final: true as const };
    const { unmount } = renderUi(<BatchDialog job={failedWith([refused])} names={['question', 'questions']} onRetry={() => undefined} onCancel={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Changed Category of 3 questions' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 done, 1 failed.');
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
    unmount();
    renderUi(<BatchDialog job={failedWith([refused, { key: 'q3', label: 'Which moon?', message: 'The server did not answer.' }])} names={['question', 'questions']} onRetry={() => undefined} onCancel={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Retry failed' })).toBeTruthy();
  });

  it('names a stopped action as stopped', () => {
    expect(finishedTitle('Deleting 12 accounts', false)).toBe('Deleted 12 accounts');
    expect(finishedTitle('Deleting 12 accounts', true)).toBe('Deleting 12 accounts: stopped');
  });
});
