import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { LANGUAGES } from '../../../shared/constants';
import { optionsOf, type FieldDescriptor } from './types';
import { expectDescribedBy, renderForm } from '../../test/form';

// The rows kind: a list of rows of cells (e.g. a tip in several languages).

describe('rows field', () => {
  const schema = v.object({
    tips: v.pipe(
      v.array(v.object({ language: v.pipe(v.string(), v.nonEmpty('Select a language')), text: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a tip')) })),
      v.minLength(1, 'Add a tip'),
    ),
  });
  const fields: FieldDescriptor[] = [
    {
      kind: 'rows',
      name: 'tips',
      label: 'Tips',
      itemLabel: 'Tip',
      addLabel: 'Add tip',
      columns: [
        { name: 'language', label: 'Language', options: optionsOf(LANGUAGES) },
        { name: 'text', label: 'Text' },
      ],
      newRow: () => ({ language: '', text: '' }),
    },
  ];

  it('each row\'s cells show their own messages; a row is added (the focus goes to it) and deleted', async () => {
    const form = renderForm({ schema, fields, defaults: { tips: [{ language: '', text: '' }] } });
    const d = form.dialog();
    await form.save();
    expectDescribedBy(within(d).getByRole('textbox', { name: 'Text 1' }), 'Enter a tip');
    expectDescribedBy(within(d).getByRole('combobox', { name: 'Language 1' }), 'Select a language');
    await form.user.selectOptions(within(d).getByRole('combobox', { name: 'Language 1' }), 'Hindi');
    await form.user.type(within(d).getByRole('textbox', { name: 'Text 1' }), 'Save a little every day');
    await form.user.click(within(d).getByRole('button', { name: 'Add tip' }));
    await waitFor(() => expect(document.activeElement).toBe(within(d).getByRole('textbox', { name: 'Text 2' })));
    await form.user.click(within(d).getByRole('button', { name: 'Delete tip 2' }));
    expect(within(d).queryByRole('textbox', { name: 'Text 2' })).toBeNull();
    await form.save();
    expect(form.sent).toEqual([{ tips: [{ language: 'Hindi', text: 'Save a little every day' }] }]);
  });

  it('ArrowDown in the correct-option radios moves the choice and keeps the focus on the radios (not the page)', async () => {
    const optionSchema = v.object({ options: v.array(v.object({ text: v.string(), correct: v.boolean() })) });
    const optionFields: FieldDescriptor[] = [
      {
        kind: 'rows',
        name: 'options',
        label: 'Options',
        itemLabel: 'Option',
        columns: [{ name: 'text', label: 'Text' }],
        flag: { name: 'correct', label: 'Correct', several: false },
        newRow: () => ({ text: '', correct: false }),
      },
    ];
    const form = renderForm({
      schema: optionSchema,
      fields: optionFields,
      defaults: { options: [{ text: 'Cow', correct: true }, { text: 'Goat', correct: false }, { text: 'Hen', correct: false }] },
    });
    const d = form.dialog();
    const first = within(d).getByRole('radio', { name: 'Option 1 is correct' });
    first.focus();
    await form.user.keyboard('{ArrowDown}');
    const second = within(d).getByRole('radio', { name: 'Option 2 is correct' });
    await waitFor(() => expect((second as HTMLInputElement).checked).toBe(true));
    expect(document.activeElement).toBe(second);
    expect((within(d).getByRole('radio', { name: 'Option 1 is correct' }) as HTMLInputElement).checked).toBe(false);
    await form.save();
    expect(form.sent).toEqual([{ options: [{ text: 'Cow', correct: false }, { text: 'Goat', correct: true }, { text: 'Hen', correct: false }] }]);
  });
});
