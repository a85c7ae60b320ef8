import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LOST_ID } from '../../shared/history';
import { fakeBridge, renderUi } from '../test/render';
import { useUndo } from './undo';
import { NOTHING_TO_UNDO, useUndoLastKey } from './undo-last';

// The kit's Undo toast against a stand-in for window.api (main's side: tests/integration/history.test.ts).

const row = (over: Record<string, unknown>) => ({ id: 'h1', call: 'questionBank.deleteResource', batch: 'b1', record: { id: 'r1', label: 'Shop checklist' }, undo: null, lost: [LOST_ID, 'Its Serial No: it gets the next one.'], ...over });

function Offer({ batch }: { batch: string }) {
  const { offerUndo } = useUndo();
  return (
    <>
      <input aria-label="Note" />
      <button onClick={() => void offerUndo({ message: 'Resource has been Deleted', batch })}>Delete it</button>
    </>
  );
}

describe('offerUndo', () => {
  it('offers Undo; Cancel of what cannot come back undoes nothing', async () => {
    const bridge = fakeBridge({
      'api:history.ofBatch': () => ({ ok: true, data: [row({})] }),
      'api:history.undoBatch': () => ({ ok: true, data: { message: 'Undone.', done: 1, notUndone: [] } }),
    });
    const { user } = renderUi(<Offer batch="b1" />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByText('Resource has been Deleted')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Create “Shop checklist” again?' });
    expect(within(ask).getAllByRole('listitem').map((li) => li.textContent)).toEqual([LOST_ID, 'Its Serial No: it gets the next one.']);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.inputsOf('api:history.undoBatch')).toEqual([]);
  });

  it('a bulk change of edits is undone at once, and what was not undone is said with why', async () => {
    const bridge = fakeBridge({
      'api:history.ofBatch': () => ({ ok: true, data: [row({ id: 'h1', call: 'library.updateMedia', lost: [] }), row({ id: 'h2', call: 'library.updateMedia', lost: [] })] }),
      'api:history.undoBatch': () => ({ ok: true, data: { message: 'Undid 1 of 2; 1 could not be undone: Intro: Someone changed this record after this change: it was not undone.', done: 1, notUndone: [{ id: 'h2', label: 'Intro', reason: 'x' }] } }),
    });
    const { user } = renderUi(<Offer batch="bulk-7" />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(bridge.inputsOf('api:history.undoBatch')).toEqual([{ batch: 'bulk-7' }]));
    expect(await screen.findByText('Undid 1 of 2; 1 could not be undone: Intro: Someone changed this record after this change: it was not undone.')).toBeTruthy();
  });

  it('offers no Undo when History can undo none of it: the plain success toast', async () => {
    fakeBridge({ 'api:history.ofBatch': () => ({ ok: true, data: [row({ undo: 'A deleted file cannot be brought back.', lost: [] })] }) });
    const { user } = renderUi(<Offer batch="b2" />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByText('Resource has been Deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('Undo of question edits asks first that the change reaches the videos that use them; No undoes nothing', async () => {
    const bridge = fakeBridge({
      'api:history.ofBatch': () => ({ ok: true, data: [row({ id: 'h1', call: 'questionBank.updateQuestion', lost: [] }), row({ id: 'h2', call: 'questionBank.updateQuestion', lost: [] })] }),
      'api:history.undoBatch': () => ({ ok: true, data: { message: 'Undone.', done: 2, notUndone: [] } }),
    });
    const { user } = renderUi(<Offer batch="b5" />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Undo the edit of 2 questions?' });
    expect(within(ask).getByText('Questions may be used in videos. Your change affects every video that uses these 2 questions. Do you want to undo the edit?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.inputsOf('api:history.undoBatch')).toEqual([]);
  });

  it("the toast's Undo says at once that it is undoing (many records take a while), then how it went", async () => {
    let answer: (value: unknown) => void = () => undefined;
    fakeBridge({
      'api:history.ofBatch': () => ({ ok: true, data: [row({ id: 'h1', call: 'library.updateMedia', lost: [] }), row({ id: 'h2', call: 'library.updateMedia', lost: [] })] }),
      'api:history.undoBatch': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const { user } = renderUi(<Offer batch="bulk-8" />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undoing 2 changes…')).toBeTruthy();
    answer({ ok: true, data: { message: 'All 2 changes undone.', done: 2, notUndone: [] } });
    expect(await screen.findByText('All 2 changes undone.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Undoing 2 changes…')).toBeNull());
  });
});

/** An action as history.actions answers it. */
const actionOf = (over: Record<string, unknown>, rows: Record<string, unknown>[]) => ({
  id: 'b9', batch: 'b9', at: 1, who: null, server: 'http://x', screen: 'Question Bank', title: 'Changed Difficulty of 2 questions', count: rows.length, failed: 0,
  rows: rows.map((r) => row({ lost: [], answer: { ok: true, message: 'Done.' }, ...r })), undo: null, undone: false, isUndo: false, thisSession: true, ...over,
});

function LastKey() {
  useUndoLastKey(() => false);
  return (
    <>
      <input aria-label="Note" />
      <input type="checkbox" aria-label="Select row" />
    </>
  );
}

describe('Ctrl+Z: the last action of this session', () => {
  it('is the text field’s inside one; elsewhere it undoes the newest action of this session in one step, asking once for its 2 questions', async () => {
    const bridge = fakeBridge({
      'api:history.actions': () => ({
        ok: true,
        data: [
          actionOf({ id: 'u1', batch: 'u1', isUndo: true, title: 'Undo: Deleted 1 resource' }, [{ id: 'hu', undoOf: 'hx' }]),
          actionOf({}, [{ id: 'h1', call: 'questionBank.updateQuestion' }, { id: 'h2', call: 'questionBank.updateQuestion' }]),
          actionOf({ id: 'b0', batch: 'b0', thisSession: false }, [{ id: 'h0' }]),
        ],
      }),
      'api:history.undoBatch': () => ({ ok: true, data: { message: 'All 2 changes undone.', done: 2, notUndone: [] } }),
    });
    const { user } = renderUi(<LastKey />);
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(bridge.inputsOf('api:history.actions')).toEqual([]);
    // A row's check box holds no text: Ctrl+Z there is the app's.
    screen.getByRole('checkbox', { name: 'Select row' }).focus();
    await user.keyboard('{Control>}z{/Control}');
    const ask = await screen.findByRole('alertdialog', { name: 'Undo the edit of 2 questions?' });
    await user.click(within(ask).getByRole('button', { name: 'Yes, undo' }));
    await waitFor(() => expect(bridge.inputsOf('api:history.undoBatch')).toEqual([{ batch: 'b9' }]));
    expect(await screen.findByText('All 2 changes undone.')).toBeTruthy();
  });

  it('says so when nothing of this session is left to undo, and why when the last action cannot be undone', async () => {
    let answer = [actionOf({ undone: true, undo: 'Already undone.' }, [{ id: 'h1', undone: true }])];
    const bridge = fakeBridge({ 'api:history.actions': () => ({ ok: true, data: answer }) });
    const { user } = renderUi(<LastKey />);
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText(NOTHING_TO_UNDO)).toBeTruthy();
    answer = [actionOf({ title: 'Bulk upload: 3 files uploaded', undo: 'The records of a bulk upload or a folder import are deleted from their own screens.' }, [{ id: 'h3' }])];
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('“Bulk upload: 3 files uploaded” cannot be undone: The records of a bulk upload or a folder import are deleted from their own screens.')).toBeTruthy();
    expect(bridge.inputsOf('api:history.undoBatch')).toEqual([]);
  });
});
