import { LANGUAGES } from '../../shared/constants';
import { APP_TEXT, MSG, urlExistsMessage } from '../../shared/messages';
import {
  FILE_TYPES,
  LEVELS,
  LIBRARY_STATUSES,
  MAX_DURATION_HOURS,
  THUMBNAIL_SUGGESTED,
  VIDEO_TYPES,
  VISIBILITIES,
  LibraryFileFormSchema,
  emptyLibraryForm,
  libraryFormOf,
  libraryPayloadOf,
  splitDuration,
  type LibraryFile,
  type LibraryFileForm,
  type FileType,
  type LibraryFileFormInput,
} from '../../shared/schemas/library';
import { optionsOf, type FieldDescriptor } from './EntityDialog';
import { FormDialog } from '../kit/RecordDialogs';
import { call, recordForm, useCallForm, type AnyRecordForm } from '../kit/Resource';
import type { FieldForm, PickedNote } from './fields/types';
import { titleFromFileName } from '../../shared/schemas/bulk';
import { fileTypeOfFacts, MEDIA_VERDICT_TEXT, mediaVerdict, mediaWarnings } from '../../shared/schemas/media';
import type { PickedFile } from './FilePicker';
import { PosterFrame } from './PosterFrame';
import { useBusinessIdeas, useCategories, useKeywords } from '../lib/library-lists';

type FormKey = Extract<keyof LibraryFileFormInput, string>;
type Values = Record<string, unknown>;

const isPublic = (values: Values) => values.visibility !== 'Restricted';
const isLink = (values: Values) => values.fileType === 'link';
const playable = (values: Values) => values.fileType === 'audio' || values.fileType === 'video';
/** Set when a picked file's duration could not be read: the boxes open for typing. */
const UNREAD = 'durationUnread';

/**
 * Reads a picked file's media facts: the file type from its tracks, the title from its name (when none
 * is typed), the duration into hours, minutes and seconds (else says why not), and what to know before
 * it is sent (warnings that never block).
 */
async function fillFromFile(file: PickedFile, form: FieldForm): Promise<PickedNote | null> {
  form.setValue(UNREAD, false);
  if (!String(form.values.title ?? '').trim()) form.setValue('title', titleFromFileName(file.name));
  const result = await window.api.files.probe({ grantId: file.grantId });
  const facts = result.ok ? result.data : null;
  const tracks = !!facts && (!!facts.video || !!facts.audio);
  // A file meant as audio or video (the type chosen, or its tracks) gets the verdict Bulk Upload and the
  // folder import show; one that is not playable is held, and the type stays as chosen.
  if (playable(form.values) || tracks) {
    const verdict = mediaVerdict({ size: file.size, facts, fileType: tracks ? fileTypeOfFacts(facts!) : (form.values.fileType as FileType) });
    if (verdict.kind === 'unplayable') {
      // Nothing was read from it: the duration is the person's to enter if they send it anyway.
      form.setValue(UNREAD, true);
      return { hold: { title: MEDIA_VERDICT_TEXT.unplayable, detail: verdict.text } };
    }
  }
  if (!facts) return null;
  const fileType = fileTypeOfFacts(facts);
  if (form.values.fileType !== fileType) form.setValue('fileType', fileType);
  if (fileType === 'other') return null;
  const warnings = mediaWarnings(facts, fileType).map((w) => `${MEDIA_VERDICT_TEXT.warning}: ${w}`);
  if (facts.durationSeconds === null) {
    form.setValue(UNREAD, true);
    return { message: APP_TEXT.noDuration, warnings };
  }
  const parts = splitDuration(Math.max(1, Math.round(facts.durationSeconds)));
  form.setValue('hours', parts.hours);
  form.setValue('minutes', parts.minutes);
  form.setValue('seconds', parts.seconds);
  return { warnings };
}

/** 'URL already exists ...' for a link another file has. */
const urlCheck = (record: LibraryFile | null) => async (value: unknown) => {
  const url = typeof value === 'string' ? value.trim() : '';
  if (!url) return null;
  const result = await window.api.library.checkUrl({ url });
  if (!result.ok || !result.data || (record && result.data._id === record._id)) return null;
  return urlExistsMessage(result.data.title);
};

export interface FileFormOptions {
  /** Values an added file starts with (a course's language, the video type). */
  initial?: Partial<LibraryFileFormInput>;
}

/** What a file's save sends: a link sends no file part, whatever was picked before the type changed. */
const payloadOf = (values: LibraryFileForm) => libraryPayloadOf(values.fileType === 'link' ? { ...values, file: null } : values);
const rules = { fallback: MSG.fileNotAdded };

/** A library file's add and edit calls (multipart: main streams the file and thumbnail from disk). */
export const fileCalls = {
  create: call('library.createMedia', { ...rules, successFallback: 'File has been Added' }, payloadOf),
  update: call('library.updateMedia', { ...rules, successFallback: 'File has been Updated' }, ({ values, record }: { values: LibraryFileForm; record: LibraryFile }) => ({
    id: record._id,
    ...payloadOf(values),
  })),
};

/**
 * Add File / Edit File: the spec's library file form, links and uploads (progress, cancel, retry), as
 * the kit's declared form of a record (the library's resource), so an edit is checked against a
 * colleague's change like every other record's.
 */
export function useFileForm({ initial }: FileFormOptions = {}): (record: LibraryFile | null) => AnyRecordForm<LibraryFile> {
  const keywords = useKeywords();
  const categories = useCategories();
  const ideas = useBusinessIdeas();

  return (record: LibraryFile | null) => {
    const publicOnly = (v: Values) => !isPublic(v);
    const fields: FieldDescriptor<FormKey>[] = [
      { kind: 'text', name: 'title', label: 'Title', required: true, hint: 'At most 100 characters.', wide: true },
      { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 3, hint: 'At most 1000 characters.' },
      { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
      { kind: 'select', name: 'visibility', label: 'Visibility', required: true, options: optionsOf(VISIBILITIES), placeholder: 'Select visibility' },
      { kind: 'select', name: 'status', label: 'Status', required: true, options: optionsOf(LIBRARY_STATUSES), placeholder: 'Select a status', hidden: publicOnly },
      { kind: 'select', name: 'level', label: 'Level', required: true, numeric: true, options: optionsOf(LEVELS), placeholder: 'Select a level', hidden: publicOnly },
      { kind: 'select', name: 'type', label: 'Type', required: true, options: optionsOf(VIDEO_TYPES), placeholder: 'Select video type', hidden: publicOnly },
      {
        kind: 'multiselect',
        name: 'businessIdeas',
        label: 'Business ideas',
        required: true,
        bulk: true,
        noun: 'business ideas',
        hidden: publicOnly,
        placeholder: ideas.isPending ? 'Loading…' : 'Select business ideas',
        options: (ideas.data ?? []).map((i) => ({ value: i._id, label: i.inEnglish })),
      },
      {
        kind: 'multiselect',
        name: 'keywords',
        label: 'Keyword groups',
        required: true,
        placeholder: keywords.isPending ? 'Loading…' : 'Select keyword groups',
        options: (keywords.data ?? []).map((k) => ({ value: k._id, label: k.keyword })),
      },
      {
        kind: 'multiselect',
        name: 'category',
        label: 'Categories',
        placeholder: categories.isPending ? 'Loading…' : 'Select categories',
        options: (categories.data ?? []).map((c) => ({ value: c._id, label: c.english })),
      },
      { kind: 'text', name: 'source', label: 'Source', maxLength: 500 },
      { kind: 'select', name: 'fileType', label: 'File type', required: true, options: optionsOf(FILE_TYPES), placeholder: 'Select a file type' },
      { kind: 'text', name: 'fileUrl', label: 'URL', required: true, placeholder: 'https://…', hidden: (v) => !isLink(v), check: urlCheck(record) },
      {
        kind: 'file',
        name: 'file',
        label: 'File',
        required: true,
        pick: 'media',
        hidden: isLink,
        stored: record && record.fileType !== 'link' ? (record.fileName ?? record.title) : undefined,
        emptyText: 'Drop an audio, video or other file here, or choose one',
        onPicked: fillFromFile,
      },
      {
        kind: 'duration',
        name: 'hours',
        label: 'Duration',
        required: true,
        hint: 'At most 12 hours 59 minutes 59 seconds.',
        maxHours: MAX_DURATION_HOURS,
        parts: { minutes: 'minutes', seconds: 'seconds' },
        readOnly: (v) => (!isLink(v) && playable(v) && !v[UNREAD] ? 'Read from the file.' : null),
      },
      {
        kind: 'file',
        name: 'thumbnail',
        label: 'Thumbnail',
        hint: `Optional image, ${THUMBNAIL_SUGGESTED.width} x ${THUMBNAIL_SUGGESTED.height} suggested.`,
        pick: 'image',
        stored: record?.thumbnail ? 'Current thumbnail' : undefined,
        emptyText: `Drop an image here or choose one (${THUMBNAIL_SUGGESTED.width} x ${THUMBNAIL_SUGGESTED.height} suggested)`,
        chooseLabel: 'Choose image…',
        below: ({ form, onChange, disabled }) => {
          const video = form.values.file as PickedFile | null | undefined;
          return form.values.fileType === 'video' && video?.grantId ? <PosterFrame video={video} disabled={disabled} onTaken={onChange} /> : null;
        },
      },
    ];
    return recordForm({
      title: record ? 'Edit File' : 'Add File',
      schema: LibraryFileFormSchema,
      fields,
      defaults: { ...emptyLibraryForm(), ...initial },
      values: libraryFormOf,
      failureFallback: MSG.fileNotAdded,
      columns: 2,
    });
  };
}

/** Add File on its own, outside the library's list (a course screen's Upload new video…). */
export function AddFileDialog({ onClose, initial, onAdded }: FileFormOptions & {
  onClose: () => void;
  /** After the file is added (its id when the server names it): the course screen then links it. */
  onAdded?: (added: { _id?: string; title: string }) => void;
}) {
  const spec = useCallForm(fileCalls.create, useFileForm({ initial })(null), (data, values) =>
    onAdded?.({ _id: (data as { _id?: string } | null)?._id, title: String(values.title) }),
  );
  return <FormDialog spec={spec} open submitLabel="Add" onClose={onClose} />;
}
