import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { Result } from '../../shared/result';
import type { CallMutation } from '../lib/calls';
import { ConfirmDialog } from './ConfirmDialog';
import { ContentDialog } from './ContentDialog';
import { DeleteConfirmDialog, useDeleteConfirm } from './DeleteConfirm';
import { renderUi } from '../test/render';

// ConfirmDialog, ContentDialog and DeleteConfirm: the question dialogs and the free-content dialog,
// opened from a button as a screen opens them.

/** A button that opens `dialog`; what the dialog answered is written under it. */
function Opener({ dialog }: { dialog: (props: { open: boolean; close: (answer: string) => void }) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {dialog({
        open,
        close: (a) => {
          setAnswer(a);
          setOpen(false);
        },
      })}
      <output>{answer}</output>
    </>
  );
}

const answer = () => screen.getByRole('status', { hidden: true }).textContent;

describe('ConfirmDialog', () => {
  const question = () => (
    <Opener dialog={({ open, close }) => <ConfirmDialog open={open} title="Log out?" text="You will need to sign in again." onConfirm={() => close('yes')} onCancel={() => close('no')} />} />
  );

  it('asks with Yes and No; the focus moves into it and back to the opener when it closes', async () => {
    const { user } = renderUi(question());
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(within(dialog).getByText('You will need to sign in again.')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(answer()).toBe('yes');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('No and Escape both decline', async () => {
    const { user } = renderUi(question());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }));
    expect(answer()).toBe('no');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(answer()).toBe('no');
  });

  it('while busy (after Yes, until the work is done), neither No nor Escape answers', async () => {
    function Busy() {
      const [busy, setBusy] = useState(false);
      const [answer, setAnswer] = useState('');
      return (
        <>
          <ConfirmDialog open={answer === ''} title="Log out?" busy={busy} onConfirm={() => setBusy(true)} onCancel={() => setAnswer('no')} />
          <output>{answer}</output>
        </>
      );
    }
    const { user } = renderUi(<Busy />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    for (const name of ['Yes', 'No']) expect((within(dialog).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(answer()).toBe('');
    expect(dialog.isConnected).toBe(true);
  });
});

describe('ContentDialog', () => {
  it('with an action: Cancel and the action; Escape closes; focus returns to the opener', async () => {
    const { user } = renderUi(
      <Opener
        dialog={({ open, close }) => (
          <ContentDialog open={open} title="Import transcript" action={{ label: 'Import', onClick: () => close('import') }} onClose={() => close('closed')}>
            <p>12 lines read.</p>
          </ContentDialog>
        )}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Import transcript' });
    expect(within(dialog).getByText('12 lines read.')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Cancel', 'Import']));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(answer()).toBe('import');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await user.click(opener);
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answer()).toBe('closed');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('holding changes: closing asks "Discard changes?" first; Keep editing keeps it open, Discard closes', async () => {
    const { user } = renderUi(
      <Opener
        dialog={({ open, close }) => (
          <ContentDialog open={open} title="Import transcript" dirty action={{ label: 'Import', onClick: () => close('import') }} onClose={() => close('closed')}>
            <p>12 lines read.</p>
          </ContentDialog>
        )}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import transcript' });
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(within(ask).getByText('What you changed in this form is not saved.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dialog.isConnected).toBe(true);
    expect(answer()).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answer()).toBe('closed');
  });

  it('without an action: Close only', async () => {
    renderUi(<ContentDialog title="Preview" onClose={() => undefined}>A clip</ContentDialog>);
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close']);
  });
});

describe('DeleteConfirmDialog', () => {
  interface Quote {
    id: string;
    title: string;
  }

  /** A list of one quote with a Delete button; the mutation answers what the test gives, in turn. */
  function Screen({ answers, ran }: { answers: Result<unknown>[]; ran: unknown[] }) {
    const mutation: CallMutation<{ id: string }, unknown> = {
      busy: false,
      run: async (input) => {
        ran.push(input);
        return answers.shift() ?? { ok: true, data: null };
      },
    };
    const deletion = useDeleteConfirm(mutation, (q: Quote) => ({ id: q.id }));
    return (
      <>
        <button type="button" onClick={() => deletion.ask({ id: 'q1', title: 'Work is worship' })}>
          Delete Work is worship
        </button>
        <DeleteConfirmDialog state={deletion} title="Delete Quote" question={(q) => `Are you sure you want to delete "${q.title}"?`} />
      </>
    );
  }

  it('asks about the record, Delete runs the mutation with its input and closes', async () => {
    const ran: unknown[] = [];
    const { user } = renderUi(<Screen answers={[]} ran={ran} />);
    await user.click(screen.getByRole('button', { name: 'Delete Work is worship' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Quote' });
    expect(within(dialog).getByText('Are you sure you want to delete "Work is worship"?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(ran).toEqual([{ id: 'q1', $batch: expect.any(String) }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('Cancel deletes nothing', async () => {
    const ran: unknown[] = [];
    const { user } = renderUi(<Screen answers={[]} ran={ran} />);
    await user.click(screen.getByRole('button', { name: 'Delete Work is worship' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ran).toEqual([]);
  });

  it('a record changed since it was shown: the question stays, says so, and offers Delete anyway', async () => {
    const ran: unknown[] = [];
    const changed: Result<unknown> = { ok: false, error: { kind: 'conflict', message: 'Changed', conflict: { by: 'Asha Rao', fields: ['title'], current: { id: 'q1', title: 'Work is prayer' } } } };
    const { user } = renderUi(<Screen answers={[changed]} ran={ran} />);
    await user.click(screen.getByRole('button', { name: 'Delete Work is worship' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Quote' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Someone else changed this record since you opened it by Asha Rao. Changed: title. Delete it anyway?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    expect(ran).toEqual([{ id: 'q1', $batch: expect.any(String) }, { id: 'q1', $batch: expect.any(String) }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
