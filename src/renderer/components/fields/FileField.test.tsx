import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import type { FieldDescriptor } from './types';
import { fakeBridge } from '../../test/render';
import { expectDescribedBy, renderForm } from '../../test/form';

// A file field: picked in main's open dialog (window.api.files.pick answers a grant), never read here.

const schema = v.object({ picture: v.nullable(v.object({ grantId: v.string() }, 'Choose an image!'), null) });
const required = v.object({ picture: v.object({ grantId: v.string() }, 'Choose an image!') });
const fields: FieldDescriptor[] = [{ kind: 'file', name: 'picture', label: 'Picture', pick: 'image', chooseLabel: 'Choose image…', hint: 'Recommended 800 x 800.' }];

const picks = () => fakeBridge({ 'api:files.pick': () => ({ ok: true, data: { grantId: 'g1', name: 'mentor.png', size: 3 * 1024 * 1024 } }) });

describe('file field', () => {
  it('shows the picked file\'s name and size; the form sends its grant', async () => {
    const bridge = picks();
    const form = renderForm({ schema, fields, defaults: { picture: null } });
    const d = form.dialog();
    expect(within(d).getByText('Drop a file here or choose one')).toBeTruthy();
    expectDescribedBy(within(d).getByRole('button', { name: 'Choose image… (Picture)' }), 'Recommended 800 x 800.');
    await form.user.click(within(d).getByRole('button', { name: 'Choose image… (Picture)' }));
    expect(bridge.inputsOf('api:files.pick')).toEqual([{ kind: 'image' }]);
    expect(await within(d).findByText('mentor.png')).toBeTruthy();
    expect(within(d).getByText('3.0 MB')).toBeTruthy();
    await form.save();
    expect(form.sent).toEqual([{ picture: { grantId: 'g1' } }]);
  });

  it('removing asks first: Keep leaves the file, Remove empties the field', async () => {
    picks();
    const form = renderForm({ schema, fields, defaults: { picture: null } });
    const d = form.dialog();
    await form.user.click(within(d).getByRole('button', { name: 'Choose image… (Picture)' }));
    await form.user.click(await within(d).findByRole('button', { name: 'Remove mentor.png' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove the file?' });
    expect(within(question).getByText('mentor.png will not be uploaded.')).toBeTruthy();
    await form.user.click(within(question).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(d).getByText('mentor.png')).toBeTruthy();
    await form.user.click(within(d).getByRole('button', { name: 'Remove mentor.png' }));
    await form.user.click(within(await screen.findByRole('alertdialog', { name: 'Remove the file?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(d).queryByText('mentor.png')).toBeNull());
    await form.save();
    expect(form.sent).toEqual([{ picture: null }]);
  });

  it('a pick that fails says why (also after a save that the empty field refuses); without one, the required message', async () => {
    let answer: unknown = { ok: false, error: { kind: 'validation', message: 'That file is not an image.' } };
    fakeBridge({ 'api:files.pick': () => answer as never });
    const form = renderForm({ schema: required, fields, defaults: { picture: null } });
    const d = form.dialog();
    const choose = within(d).getByRole('button', { name: 'Choose image… (Picture)' });
    await form.user.click(choose);
    expect((await within(d).findByRole('alert')).textContent).toBe('That file is not an image.');
    expectDescribedBy(choose, 'That file is not an image.');
    await form.save();
    await waitFor(() => expect(choose.ownerDocument.activeElement).toBe(choose));
    expect(within(d).getAllByRole('alert').map((a) => a.textContent)).toEqual(['That file is not an image.']);
    expect(form.sent).toEqual([]);
    // The open dialog closed with nothing chosen: no refusal any more, so the field's own message.
    answer = { ok: true, data: null };
    await form.user.click(choose);
    expect(await within(d).findByText('Choose an image!')).toBeTruthy();
    expectDescribedBy(choose, 'Choose an image!');
  });

  it("a refused pick's reason is the field's one message, in place of its required one, also after a save", async () => {
    fakeBridge({ 'api:files.pick': () => ({ ok: true, data: { grantId: 'g2', name: 'clip.mp4', size: 1024 } }) });
    // A form whose fields are checked as they are left (the pick leaves the field, empty).
    const form = renderForm({ schema: required, fields, defaults: { picture: null }, canSubmit: () => true });
    const d = form.dialog();
    const choose = within(d).getByRole('button', { name: 'Choose image… (Picture)' });
    await form.user.click(choose);
    const refusal = 'Choose an image: a png, jpg, jpeg, webp or gif file.';
    // Once the field has a message (the pick checked it, empty): only the refusal says anything.
    await waitFor(() => expect(d.querySelector('.fui-Field__validationMessage')).not.toBeNull());
    expect(within(d).getAllByRole('alert').map((a) => a.textContent)).toEqual([refusal]);
    expectDescribedBy(choose, refusal);
    await form.save();
    expect(within(d).getAllByRole('alert').map((a) => a.textContent)).toEqual([refusal]);
    expect(within(d).queryByText('Choose an image!')).toBeNull();
    expect(form.sent).toEqual([]);
  });

  it('an image field refuses another file on pick or drop, before any save, and stays empty', async () => {
    fakeBridge({ 'api:files.pick': () => ({ ok: true, data: { grantId: 'g2', name: 'clip.mp4', size: 1024 } }) });
    const form = renderForm({ schema, fields, defaults: { picture: null } });
    const d = form.dialog();
    await form.user.click(within(d).getByRole('button', { name: 'Choose image… (Picture)' }));
    expect((await within(d).findByRole('alert')).textContent).toBe('Choose an image: a png, jpg, jpeg, webp or gif file.');
    expect(within(d).queryByText('clip.mp4')).toBeNull();
    await form.save();
    expect(form.sent).toEqual([{ picture: null }]);
  });
});
