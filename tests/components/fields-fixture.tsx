/**
 * A page (index.html?fixture=fields) that mounts the EntityDialog with one field of every kind of the registry, for
 * tests/e2e/fields.spec.ts. Submitting writes the parsed values as JSON into #out.
 *
 * window.api is built by the real buildApi over a stand-in transport for the three channels the
 * fields call (the open dialog, the drop grant and the library list): what main would answer.
 */
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import * as v from 'valibot';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { buildApi } from '../../src/shared/api/build-api';
import type { Result } from '../../src/shared/result';
import { EntityDialog, type FieldDescriptor } from '../../src/renderer/components/EntityDialog';
import { TOASTER_ID } from '../../src/renderer/components/toast';

let picks = 0;
const answers: Record<string, () => Result<unknown>> = {
  'api:files.pick': () => ({ ok: true, data: { grantId: `g${++picks}`, name: `picture-${picks}.png`, size: 3 * 1024 * 1024 } }),
  'api:library.mediaList': () => ({
    ok: true,
    data: [
      { _id: 'v1', fileId: 101, title: 'Selling basics', language: 'English', fileType: 'video' },
      { _id: 'v2', fileId: 102, title: 'Bikri ke gur', language: 'Hindi', fileType: 'video' },
      { _id: 'v3', fileId: 103, title: 'Pricing talk', language: 'English', fileType: 'audio' },
      { _id: 'v4', fileId: 104, title: 'Pricing with margins', language: 'English', fileType: 'video' },
    ],
  }),
};
(window as unknown as { api: unknown }).api = buildApi(
  async (channel) => answers[channel]?.() ?? { ok: false, error: { kind: 'network', message: `No stand-in for ${channel}` } },
  () => () => undefined,
);

const Schema = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a title!')),
  bio: v.pipe(v.string(), v.maxLength(20, 'At most 20 characters')),
  fee: v.pipe(v.number('Enter a fee'), v.minValue(0, 'The fee cannot be negative')),
  language: v.picklist(['English', 'Hindi'], 'Select a language!'),
  level: v.pipe(v.number(), v.minValue(1, 'Please select a level')),
  ideas: v.pipe(v.array(v.string()), v.minLength(1, 'Please select at least one business idea')),
  groups: v.pipe(v.array(v.string()), v.minLength(1, 'Add Groups')),
  live: v.boolean(),
  date: v.pipe(v.string(), v.nonEmpty('Enter a  Event Date!')),
  start: v.pipe(v.string(), v.nonEmpty('Enter a Start Time!')),
  hours: v.pipe(v.number('Enter the hours'), v.integer(), v.minValue(0), v.maxValue(12, 'At most 12 hours')),
  minutes: v.pipe(v.number('Enter the minutes'), v.integer(), v.minValue(0), v.maxValue(59, 'Minutes are 0 to 59')),
  seconds: v.pipe(v.number('Enter the seconds'), v.integer(), v.minValue(0), v.maxValue(59, 'Seconds are 0 to 59')),
  picture: v.nullable(v.object({ grantId: v.string() }), null),
  tips: v.pipe(
    v.array(v.object({ language: v.pipe(v.string(), v.nonEmpty('Select a language')), text: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a tip')) })),
    v.minLength(1, 'Add a tip'),
  ),
  video: v.pipe(v.string('Select a video'), v.nonEmpty('Select a video')),
});

const ideas = ['Tailoring', 'Dairy', 'Kirana', 'Poultry'].map((x) => ({ value: x.toLowerCase(), label: x }));
const fields: FieldDescriptor<keyof v.InferInput<typeof Schema> & string>[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true },
  { kind: 'textarea', name: 'bio', label: 'Bio', maxLength: 20 },
  { kind: 'number', name: 'fee', label: 'Fee', min: 0, currency: 'INR' },
  { kind: 'select', name: 'language', label: 'Language', options: [{ value: 'English', label: 'English' }, { value: 'Hindi', label: 'Hindi' }], placeholder: 'Select a language' },
  { kind: 'select', name: 'level', label: 'Level', numeric: true, options: [1, 2, 3].map((n) => ({ value: String(n), label: String(n) })), placeholder: 'Select a level' },
  { kind: 'multiselect', name: 'ideas', label: 'Business ideas', options: ideas, bulk: true, noun: 'business ideas', placeholder: 'Select business ideas' },
  { kind: 'tags', name: 'groups', label: 'Groups' },
  { kind: 'switch', name: 'live', label: 'Status', onLabel: 'Live', offLabel: 'Draft' },
  { kind: 'date', name: 'date', label: 'Event date' },
  { kind: 'time', name: 'start', label: 'Start time' },
  { kind: 'duration', name: 'hours', label: 'Duration', maxHours: 12, parts: { minutes: 'minutes', seconds: 'seconds' } },
  { kind: 'file', name: 'picture', label: 'Picture', pick: 'image', chooseLabel: 'Choose image…' },
  {
    kind: 'rows',
    name: 'tips',
    label: 'Tips',
    itemLabel: 'Tip',
    addLabel: 'Add tip',
    columns: [
      { name: 'language', label: 'Language', options: [{ value: 'English', label: 'English' }, { value: 'Hindi', label: 'Hindi' }] },
      { name: 'text', label: 'Text' },
    ],
    newRow: () => ({ language: '', text: '' }),
  },
  { kind: 'libraryVideo', name: 'video', label: 'Video', languageField: 'language' },
];

const defaults = { title: '', bio: '', language: undefined, level: 0, ideas: [], groups: [], live: false, date: '', start: '', hours: 0, minutes: 0, seconds: 0, picture: null, tips: [{ language: '', text: '' }], video: '' };

function Fixture() {
  const [out, setOut] = useState('');
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open form
      </button>
      <EntityDialog
        open={open}
        title="Every field"
        schema={Schema}
        fields={fields}
        defaultValues={defaults as unknown as v.InferInput<typeof Schema>}
        width={720}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          setOut(JSON.stringify(values));
          return { ok: true, data: null };
        }}
      />
      <output id="out">{out}</output>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme}>
    <QueryClientProvider client={new QueryClient()}>
      <Fixture />
      <Toaster toasterId={TOASTER_ID} />
    </QueryClientProvider>
  </FluentProvider>,
);
