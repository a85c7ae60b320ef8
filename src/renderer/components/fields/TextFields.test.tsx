import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { SynonymDraftSchema, SYNONYM_GROUP_MAX } from '../../../shared/schemas/synonyms';
import { requiredText } from '../../../shared/schemas/fields';
import type { FieldDescriptor } from './types';
import { expectDescribedBy, renderForm } from '../../test/form';

// text, textarea and number as a person fills them in inside the entity dialog.

const GROUP: FieldDescriptor = { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: SYNONYM_GROUP_MAX };
const SYNONYMS: FieldDescriptor = { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true };

describe('text field', () => {
  it('an empty required field: the schema\'s message under it, the field described by it and focused', async () => {
    const form = renderForm({ schema: SynonymDraftSchema, fields: [GROUP, SYNONYMS], defaults: { keyword: '', synonyms: [] } });
    const group = within(form.dialog()).getByRole('textbox', { name: 'Group' });
    expect(group.getAttribute('aria-invalid')).not.toBe('true');
    await form.save();
    expect(within(form.dialog()).getByText('Enter a group!')).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expectDescribedBy(group, 'Enter a group!');
    // The first field with a message takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(group));
    expect(form.sent).toEqual([]);
    // Typing clears the message at once.
    await form.user.type(group, 'Dairy');
    expect(within(form.dialog()).queryByText('Enter a group!')).toBeNull();
  });

  it('takes no more than its limit', async () => {
    const form = renderForm({ schema: SynonymDraftSchema, fields: [GROUP, SYNONYMS], defaults: { keyword: '', synonyms: ['milk'] } });
    const group = within(form.dialog()).getByRole('textbox', { name: 'Group' }) as HTMLInputElement;
    await form.user.click(group);
    await form.user.paste('x'.repeat(SYNONYM_GROUP_MAX + 5));
    expect(group.value).toHaveLength(SYNONYM_GROUP_MAX);
    await form.save();
    expect(form.sent).toEqual([{ keyword: 'x'.repeat(SYNONYM_GROUP_MAX), synonyms: ['milk'] }]);
  });

  it('a stored value over the limit shows the limit\'s message', async () => {
    const form = renderForm({ schema: SynonymDraftSchema, fields: [GROUP, SYNONYMS], defaults: { keyword: 'y'.repeat(SYNONYM_GROUP_MAX + 1), synonyms: ['milk'] } });
    await form.save();
    const group = within(form.dialog()).getByRole('textbox', { name: 'Group' });
    expectDescribedBy(group, 'A group is at most 100 characters.');
    expect(form.sent).toEqual([]);
  });
});

describe('textarea field', () => {
  const schema = v.object({ bio: requiredText('Enter a bio!', 20, 'A bio is at most 20 characters.') });
  const fields: FieldDescriptor[] = [{ kind: 'textarea', name: 'bio', label: 'Bio', required: true, maxLength: 20 }];

  it('counts the characters against its limit and stops there', async () => {
    const form = renderForm({ schema, fields, defaults: { bio: '' } });
    const bio = within(form.dialog()).getByRole('textbox', { name: 'Bio' });
    expect(within(form.dialog()).getByText('0 / 20')).toBeTruthy();
    await form.user.type(bio, 'Short bio');
    expect(within(form.dialog()).getByText('9 / 20')).toBeTruthy();
    await form.user.paste('x'.repeat(30));
    expect(within(form.dialog()).getByText('20 / 20')).toBeTruthy();
    await form.user.clear(bio);
    await form.save();
    expectDescribedBy(bio, 'Enter a bio!');
  });
});

describe('number field', () => {
  const schema = v.object({ fee: v.pipe(v.number('Enter a fee'), v.minValue(0, 'The fee cannot be negative')) });
  const fields: FieldDescriptor[] = [{ kind: 'number', name: 'fee', label: 'Fee', min: 0, currency: 'INR' }];

  it('holds a number, shown in rupees; a negative one is refused', async () => {
    const form = renderForm({ schema, fields, defaults: { fee: undefined } });
    const fee = within(form.dialog()).getByRole('spinbutton', { name: 'Fee' });
    await form.save();
    expectDescribedBy(fee, 'Enter a fee');
    await form.user.type(fee, '-5');
    await form.save();
    expectDescribedBy(fee, 'The fee cannot be negative');
    await form.user.clear(fee);
    await form.user.type(fee, '125000');
    expect(within(form.dialog()).getByText('₹1,25,000 (INR)')).toBeTruthy();
    await form.save();
    expect(form.sent).toEqual([{ fee: 125000 }]);
    expect(screen.queryByText('The fee cannot be negative')).toBeNull();
  });
});
