import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { LANGUAGES } from '../../../shared/constants';
import { optionsOf, type FieldDescriptor } from './types';
import { fakeBridge } from '../../test/render';
import { renderForm } from '../../test/form';

// The library video picker: the library's list comes through window.api (library.mediaList).

describe('libraryVideo field', () => {
  const schema = v.object({ language: v.string(), video: v.pipe(v.string('Select a video'), v.nonEmpty('Select a video')) });
  const fields: FieldDescriptor[] = [
    { kind: 'select', name: 'language', label: 'Language', options: optionsOf(LANGUAGES) },
    { kind: 'libraryVideo', name: 'video', label: 'Video', languageField: 'language' },
  ];
  const MEDIA = [
    { _id: 'v1', fileId: 101, title: 'Selling basics', language: 'English', fileType: 'video' },
    { _id: 'v2', fileId: 102, title: 'Bikri ke gur', language: 'Hindi', fileType: 'video' },
    { _id: 'v3', fileId: 103, title: 'Pricing talk', language: 'English', fileType: 'audio' },
    { _id: 'v4', fileId: 104, title: 'Pricing with margins', language: 'English', fileType: 'video' },
  ];

  it('offers the library\'s videos of the form\'s language, narrowed by its search', async () => {
    fakeBridge({ 'api:library.mediaList': () => ({ ok: true, data: MEDIA }) });
    const form = renderForm({ schema, fields, defaults: { language: 'English', video: '' } });
    const d = form.dialog();
    const video = within(d).getByRole('combobox', { name: 'Video' }) as HTMLSelectElement;
    const offered = () => [...video.options].map((o) => o.textContent);
    await waitFor(() => expect(offered()).toEqual(['Select a video', 'Selling basics (101)', 'Pricing with margins (104)']));
    expect(within(d).getByText('2 videos in English')).toBeTruthy();
    await form.user.type(within(d).getByRole('searchbox', { name: 'Search Video' }), 'pricing');
    expect(offered()).toEqual(['Select a video', 'Pricing with margins (104)']);
    await form.user.selectOptions(video, 'v4');
    await form.save();
    expect(form.sent).toEqual([{ language: 'English', video: 'v4' }]);
  });
});
