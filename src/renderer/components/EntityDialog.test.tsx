import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { FieldValues } from 'react-hook-form';
import { SynonymDraftSchema } from '../../shared/schemas/synonyms';
import type { Result } from '../../shared/result';
import { EntityDialog, type FieldDescriptor } from './EntityDialog';
import { renderUi } from '../test/render';

// The entity dialog as a screen opens it: from a button, saved or not, closed with or without changes.

const FIELDS: FieldDescriptor<'keyword' | 'synonyms'>[] = [
  { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: 100 },
  { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true },
];

/** 'Add Synonym' opens the form; each save answers the next of `answers` (ok when none is left). */
function Screen({ answers, sent, defaults = { keyword: '', synonyms: [] } }: { answers: Result<unknown>[]; sent: FieldValues[]; defaults?: FieldValues }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Synonym
      </button>
      <EntityDialog
        open={open}
        title="Add Synonym"
        schema={SynonymDraftSchema}
        fields={FIELDS}
        defaultValues={defaults as never}
        onClose={() => setOpen(false)}
        onSuccess={() => setSaved((n) => n + 1)}
        onSubmit={async (values) => {
          sent.push(values);
          return answers.shift() ?? { ok: true, data: null };
        }}
      />
      <output>{`saved ${saved}`}</output>
    </>
  );
}

async function open(answers: Result<unknown>[] = [], defaults?: FieldValues) {
  const sent: FieldValues[] = [];
  const r = renderUi(<Screen answers={answers} sent={sent} defaults={defaults} />);
  const opener = screen.getByRole('button', { name: 'Add Synonym' });
  await r.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Add Synonym' });
  return { ...r, sent, opener, dialog };
}

const gone = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Synonym' })).toBeNull());

describe('EntityDialog', () => {
  it('opens with the focus on its first field; a valid Save sends the parsed values, closes, and gives the focus back', async () => {
    const { user, sent, opener, dialog } = await open();
    const group = within(dialog).getByRole('textbox', { name: 'Group' });
    await waitFor(() => expect(document.activeElement).toBe(group));
    await user.type(group, '  Milk  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Synonyms' }), 'doodh, paal');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The schema's output: trimmed, the tag still being typed included.
    expect(sent).toEqual([{ keyword: 'Milk', synonyms: ['doodh', 'paal'] }]);
    await gone();
    expect(screen.getByRole('status').textContent).toBe('saved 1');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a refused save keeps the dialog open with what was typed and shows the server\'s message in it', async () => {
    const { user, sent, dialog } = await open([{ ok: false, error: { kind: 'http', status: 409, message: 'A synonym group with this keyword already exists.' } }]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Group' }), 'Milk');
    await user.type(within(dialog).getByRole('textbox', { name: 'Synonyms' }), 'doodh');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(sent).toHaveLength(1);
    expect(await within(dialog).findByText('A synonym group with this keyword already exists.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Group' }) as HTMLInputElement).value).toBe('Milk');
    // (Under the open modal the screen is hidden from the accessibility tree.)
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('saved 0');
    // Saving again (now accepted) closes it.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await gone();
  });

  it('a failure without a message shows the fallback text', async () => {
    const { user, dialog } = await open([{ ok: false, error: { kind: 'network', message: '' } }], { keyword: 'Milk', synonyms: ['doodh'] });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again!')).toBeTruthy();
  });

  it('an unchanged form closes at once on Cancel and on Escape, and the focus goes back', async () => {
    const { user, opener, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await gone();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Add Synonym' });
    await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await gone();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a changed form asks before closing: Keep editing keeps the text, Discard closes', async () => {
    const { user, sent, dialog } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Group' }), 'Milk');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(within(ask).getByText('What you changed in this form is not saved.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(dialog).getByRole('textbox', { name: 'Group' }) as HTMLInputElement).value).toBe('Milk');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await gone();
    expect(sent).toEqual([]);
  });
});
