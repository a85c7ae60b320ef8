import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { SynonymDraftSchema } from '../../../shared/schemas/synonyms';
import { requiredIds, requiredPick } from '../../../shared/schemas/fields';
import { LANGUAGES } from '../../../shared/constants';
import { optionsOf, type FieldDescriptor } from './types';
import { expectDescribedBy, renderForm } from '../../test/form';

// select, multiselect, tags and switch as a person chooses in the entity dialog.

describe('select field', () => {
  const schema = v.object({ language: requiredPick(LANGUAGES, 'Select a language!'), level: v.pipe(v.number(), v.minValue(1, 'Please select a level')) });
  const fields: FieldDescriptor[] = [
    { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
    { kind: 'select', name: 'level', label: 'Level', numeric: true, options: ['1', '2', '3'].map((n) => ({ value: n, label: n })) },
  ];

  it('starts on its placeholder, refuses no choice with the schema\'s message, holds the choice (a number when numeric)', async () => {
    const form = renderForm({ schema, fields, defaults: { language: '', level: 0 } });
    const language = within(form.dialog()).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    const level = within(form.dialog()).getByRole('combobox', { name: 'Level' }) as HTMLSelectElement;
    expect(language.selectedOptions[0]?.textContent).toBe('Select a language');
    expect(level.selectedOptions[0]?.textContent).toBe('Select…');
    await form.save();
    expectDescribedBy(language, 'Select a language!');
    expectDescribedBy(level, 'Please select a level');
    await form.user.selectOptions(language, 'Hindi');
    await form.user.selectOptions(level, '2');
    expect(within(form.dialog()).queryByText('Select a language!')).toBeNull();
    await form.save();
    expect(form.sent).toEqual([{ language: 'Hindi', level: 2 }]);
  });
});

describe('multiselect field', () => {
  const ideas = ['Tailoring', 'Dairy', 'Kirana', 'Poultry'].map((x) => ({ value: x.toLowerCase(), label: x }));
  const schema = v.object({ businessIdeas: requiredIds('Please select at least one business idea', 10) });
  const fields: FieldDescriptor[] = [{ kind: 'multiselect', name: 'businessIdeas', label: 'Specialities', required: true, options: ideas, bulk: true, noun: 'business ideas', placeholder: 'Select business ideas' }];

  it('opens a list of several choices; Select All and Deselect All with how many are chosen', async () => {
    const form = renderForm({ schema, fields, defaults: { businessIdeas: [] } });
    const box = within(form.dialog()).getByRole('combobox', { name: 'Specialities' });
    expect(within(form.dialog()).getByText('0 of 4 selected')).toBeTruthy();
    await form.save();
    expectDescribedBy(box, 'Please select at least one business idea');

    await form.user.click(box);
    const list = await screen.findByRole('listbox');
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    await form.user.click(within(list).getByRole('option', { name: 'Dairy' }));
    await form.user.click(within(list).getByRole('option', { name: 'Poultry' }));
    expect(within(list).getByRole('option', { name: 'Dairy' }).getAttribute('aria-selected')).toBe('true');
    expect(within(form.dialog()).getByText('2 of 4 selected')).toBeTruthy();
    expect(box.textContent).toBe('Dairy, Poultry');
    await form.user.keyboard('{Escape}');

    await form.user.click(within(form.dialog()).getByRole('button', { name: 'Select All' }));
    expect(within(form.dialog()).getByText('4 of 4 selected')).toBeTruthy();
    // More than three chosen: the box names how many.
    expect(box.textContent).toBe('4 business ideas');
    await form.user.click(within(form.dialog()).getByRole('button', { name: 'Deselect All' }));
    expect(within(form.dialog()).getByText('0 of 4 selected')).toBeTruthy();
    await form.user.click(within(form.dialog()).getByRole('button', { name: 'Select All' }));
    await form.save();
    expect(form.sent).toEqual([{ businessIdeas: ['tailoring', 'dairy', 'kirana', 'poultry'] }]);
  });
});

describe('tags field', () => {
  const fields: FieldDescriptor[] = [
    { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: 100 },
    { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true, placeholder: 'Type synonyms separated by commas' },
  ];

  it('turns commas and Enter into tags, each once; a tag can be removed; Backspace takes the last back', async () => {
    const form = renderForm({ schema: SynonymDraftSchema, fields, defaults: { keyword: 'Milk', synonyms: [] } });
    const input = within(form.dialog()).getByRole('textbox', { name: 'Synonyms' });
    expect(within(form.dialog()).getByText('None added yet')).toBeTruthy();
    await form.save();
    expectDescribedBy(input, 'Add at least one synonym!');

    await form.user.type(input, ' doodh, dudh,, Doodh ,paal{Enter}');
    const added = () => within(within(form.dialog()).getByRole('list', { name: 'Synonyms added' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(added()).toEqual(['doodh', 'dudh', 'paal']);
    expect(within(form.dialog()).getByText('3 entries')).toBeTruthy();
    await form.user.click(within(form.dialog()).getByRole('button', { name: 'Remove dudh' }));
    expect(added()).toEqual(['doodh', 'paal']);
    // The focus is back in the box, where Backspace takes the last tag away.
    expect(document.activeElement).toBe(input);
    await form.user.keyboard('{Backspace}');
    expect(added()).toEqual(['doodh']);
    // Text still being typed is kept when the form is sent straight away.
    await form.user.type(input, 'ksheer');
    await form.save();
    expect(form.sent).toEqual([{ keyword: 'Milk', synonyms: ['doodh', 'ksheer'] }]);
  });
});

describe('switch field', () => {
  it('names its state and holds the values it stands for', async () => {
    const schema = v.object({ status: v.picklist(['live', 'draft']) });
    const fields: FieldDescriptor[] = [{ kind: 'switch', name: 'status', label: 'Status', onLabel: 'Live', offLabel: 'Draft', onValue: 'live', offValue: 'draft' }];
    const form = renderForm({ schema, fields, defaults: { status: 'draft' } });
    await form.user.click(within(form.dialog()).getByRole('switch', { name: 'Status Draft' }));
    expect((within(form.dialog()).getByRole('switch', { name: 'Status Live' }) as HTMLInputElement).checked).toBe(true);
    await form.save();
    expect(form.sent).toEqual([{ status: 'live' }]);
  });
});
