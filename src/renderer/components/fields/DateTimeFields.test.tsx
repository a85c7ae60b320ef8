import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import * as v from 'valibot';
import type { FieldDescriptor } from './types';
import { expectDescribedBy, renderForm } from '../../test/form';

// date, time and duration: what the pickers show and what the form holds (the spec's formats).

describe('date and time fields', () => {
  const schema = v.object({
    date: v.pipe(v.string(), v.nonEmpty('Enter a  Event Date!')),
    start: v.pipe(v.string(), v.nonEmpty('Enter a Start Time!')),
  });
  const fields: FieldDescriptor[] = [
    { kind: 'date', name: 'date', label: 'Event Date' },
    { kind: 'time', name: 'start', label: 'Start Time' },
  ];

  it('refuses empty pickers with their messages; a typed date is tidied to D-MM-YYYY, a time held as HH:mm', async () => {
    const form = renderForm({ schema, fields, defaults: { date: '', start: '' } });
    const date = within(form.dialog()).getByLabelText('Event Date') as HTMLInputElement;
    const start = within(form.dialog()).getByLabelText('Start Time') as HTMLInputElement;
    await form.save();
    expectDescribedBy(date, 'Enter a  Event Date!');
    expectDescribedBy(start, 'Enter a Start Time!');
    // The date box takes the display format (a day without its leading zero is tidied when it is left).
    await form.user.type(date, '5-3-2026');
    await form.user.type(start, '09:30');
    expect(date.value).toBe('5-03-2026');
    await form.save();
    expect(form.sent).toEqual([{ date: '5-03-2026', start: '09:30' }]);
  });

  it('shows a stored D-MM-YYYY date as it is stored', () => {
    const form = renderForm({ schema, fields, defaults: { date: '7-11-2026', start: '18:05' } });
    expect((within(form.dialog()).getByLabelText('Event Date') as HTMLInputElement).value).toBe('7-11-2026');
    expect((within(form.dialog()).getByLabelText('Start Time') as HTMLInputElement).value).toBe('18:05');
  });
});

describe('duration field', () => {
  const schema = v.object({
    hours: v.pipe(v.number('Enter the hours'), v.integer(), v.minValue(0), v.maxValue(12, 'At most 12 hours')),
    minutes: v.pipe(v.number('Enter the minutes'), v.integer(), v.minValue(0), v.maxValue(59, 'Minutes are 0 to 59')),
    seconds: v.pipe(v.number('Enter the seconds'), v.integer(), v.minValue(0), v.maxValue(59, 'Seconds are 0 to 59')),
  });
  const fields: FieldDescriptor[] = [{ kind: 'duration', name: 'hours', label: 'Duration', maxHours: 12, parts: { minutes: 'minutes', seconds: 'seconds' } }];

  it('three boxes named Hours, Minutes and Seconds; a part over its limit shows its own message', async () => {
    const form = renderForm({ schema, fields, defaults: { hours: 0, minutes: 0, seconds: 0 } });
    const box = (name: string) => within(form.dialog()).getByRole('spinbutton', { name });
    await form.user.clear(box('Hours'));
    await form.user.type(box('Hours'), '1');
    await form.user.clear(box('Minutes'));
    await form.user.type(box('Minutes'), '75');
    await form.user.clear(box('Seconds'));
    await form.user.type(box('Seconds'), '5');
    await form.save();
    expect(within(form.dialog()).getByText('Minutes are 0 to 59')).toBeTruthy();
    expect(form.sent).toEqual([]);
    await form.user.clear(box('Minutes'));
    await form.user.type(box('Minutes'), '15');
    expect(within(form.dialog()).queryByText('Minutes are 0 to 59')).toBeNull();
    await form.save();
    expect(form.sent).toEqual([{ hours: 1, minutes: 15, seconds: 5 }]);
  });
});
