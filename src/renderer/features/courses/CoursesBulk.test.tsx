/**
 * A bulk Live/Draft change of courses keeps Edit Course's rules: a course the form would not save (no
 * thumbnail: its submit stays disabled) fails before any call, with the form's message, counted as
 * failed; the others are sent. Its end is said in toasts whichever screen shows: also when the Courses
 * screen is left while the action runs. main's runner is stood in (the real one: src/main/local/batch.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { COURSE_TEXT } from '../../../shared/course-messages';
import type { Course } from '../../../shared/schemas/courses';
import type { BatchRun, BatchSummary } from '../../../shared/batch';
import type { Result } from '../../../shared/result';
import { useActionWork } from '../../lib/background-work';
import { fakeBridge, renderUi } from '../../test/render';
import CoursesPage from './CoursesPage';

const AT = { at: '2026-11-26T10:00:00.000Z' };
const course = (id: string, name: string, thumbnail: string): Course => ({
  _id: id, referenceId: `CRS${id}`, name, description: '', language: 'English', pricingPlan: { planType: 'Free', courseFee: 0 },
  modulesSkippable: false, hasOnlyVideos: false, thumbnail, status: 'draft', modulesCount: 0, modules: [], created: AT, updated: AT,
});
const DAIRY = course('c1', 'Dairy farming', 'https://media.example.com/dairy.png');
const BARE = course('c2', 'Bare course', '');

/** main's runner as it answers: a refused record is never sent and fails for good with its reason. */
const summaryOf = (run: BatchRun): BatchSummary => {
  const items = run.items ?? [];
  const refused = items.filter((i) => i.refused !== undefined);
  return {
    batch: run.batch, call: run.call, total: items.length, done: items.length - refused.length, cancelled: false,
    failed: refused.map((i) => ({ key: i.key, label: i.label, message: i.refused!, final: true as const, kind: 'validation' as const })),
  };
};

/** The Courses screen, and a way away from it (as Back would take the person). */
function Screens() {
  const [left, setLeft] = useState(false);
  return left ? <p>Another screen</p> : (
    <>
      <CoursesPage />
      <button type="button" onClick={() => setLeft(true)}>Leave</button>
    </>
  );
}

async function changeBothToLive(user: ReturnType<typeof renderUi>['user']) {
  const table = await screen.findByRole('table', { name: 'Courses' });
  await within(table).findByText('Bare course');
  await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
  const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
  await user.click(within(bar).getByRole('button', { name: 'Change' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Status' }));
  const change = await screen.findByRole('dialog', { name: 'Change Status of 2 courses' });
  await user.selectOptions(within(change).getByRole('combobox', { name: 'New status' }), 'live');
  await user.click(within(change).getByRole('button', { name: 'Apply' }));
}

const toasts = (text: string) => screen.queryAllByText(text).filter((el) => el.closest('.fui-Toast'));

describe('bulk Status of courses', () => {
  function bridge(answer: (run: BatchRun) => Promise<Result<BatchSummary>> | Result<BatchSummary>) {
    useActionWork.setState({ actions: [] });
    return fakeBridge({
      'api:videoRepository.courses': () => ({ ok: true, data: [DAIRY, BARE] }),
      'api:settings.preferences': () => ({ ok: true, data: {} }),
      'api:batch.run': (input) => answer(input as BatchRun),
      'api:history.ofBatch': () => ({ ok: true, data: [] }),
    });
  }

  it("refuses a course Edit Course would not save before any call, with the form's message, counted as failed", async () => {
    const calls = bridge((run) => ({ ok: true, data: summaryOf(run) }));
    const { user } = renderUi(<CoursesPage />);
    await changeBothToLive(user);
    const summary = await screen.findByRole('dialog', { name: 'Changed Status of 2 courses' });
    expect(within(summary).getByRole('status').textContent).toBe('1 done, 1 failed.');
    expect(within(summary).getByRole('list', { name: 'Failed' }).textContent).toBe(`Bare course: ${COURSE_TEXT.addThumbnail}`);
    // Final: Retry would be refused again.
    expect(within(summary).queryByRole('button', { name: 'Retry failed' })).toBeNull();
    const [run] = calls.inputsOf('api:batch.run') as BatchRun[];
    expect(run!.items!.map((i) => [i.key, i.refused ?? null, i.input.status ?? null])).toEqual([
      ['c1', null, 'live'],
      ['c2', COURSE_TEXT.addThumbnail, null],
    ]);
    // Closed: the toasts say what it did and what failed, once.
    await user.click(within(summary).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Changing Status of 2 courses: 1 done, 1 failed.')).toBeTruthy();
    expect(await screen.findByText(COURSE_TEXT.addThumbnail)).toBeTruthy();
  });

  it('says the end in toasts, once, when the screen was left while the action ran', async () => {
    let finish: () => void = () => undefined;
    bridge((run) => new Promise((resolve) => (finish = () => resolve({ ok: true, data: summaryOf(run) }))));
    const { user } = renderUi(<Screens />);
    await changeBothToLive(user);
    expect(await screen.findByRole('alertdialog', { name: 'Changing Status of 2 courses' })).toBeTruthy();
    // Left under the running action's dialog (as Alt+Left takes the person Back).
    await user.click(screen.getByRole('button', { name: 'Leave', hidden: true }));
    expect(await screen.findByText('Another screen')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => finish());
    expect(await screen.findByText('Changing Status of 2 courses: 1 done, 1 failed.')).toBeTruthy();
    expect(await screen.findByText(COURSE_TEXT.addThumbnail)).toBeTruthy();
    // Said once: the store's later changes say nothing again.
    act(() => useActionWork.getState().clearFinished());
    await waitFor(() => expect(useActionWork.getState().actions).toHaveLength(0));
    expect(toasts('Changing Status of 2 courses: 1 done, 1 failed.')).toHaveLength(1);
    expect(toasts(COURSE_TEXT.addThumbnail)).toHaveLength(1);
  });
});
