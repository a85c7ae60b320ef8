import { useMemo, useState } from 'react';
import { Button, Dropdown, Input, Option, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LANGUAGES } from '../../../shared/constants';
import { APP_TEXT, MSG, urlExistsMessage } from '../../../shared/messages';
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
  type LibraryFileFormInput,
} from '../../../shared/schemas/library';
import type { Result } from '../../../shared/result';
import { useCallMutation } from '../../lib/calls';
import { EntityDialog, type CustomFieldContext, type FieldDescriptor } from '../../components/EntityDialog';
import { FilePicker, type PickedFile } from '../../components/FilePicker';
import { UploadProgress, newUploadId } from '../../components/UploadProgress';
import { useBusinessIdeas, useCategories, useKeywords } from './queries';

type FormKey = Extract<keyof LibraryFileFormInput, string>;

const useStyles = makeStyles({
  ideas: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  ideaButtons: { display: 'flex', gap: tokens.spacingHorizontalS },
  duration: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  durationPart: { width: '88px' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const options = (values: readonly (string | number)[]) => values.map((v) => ({ value: String(v), label: String(v) }));
const isPublic = (values: Record<string, unknown>) => values.visibility !== 'Restricted';
const isLink = (values: Record<string, unknown>) => values.fileType === 'link';
const playable = (values: Record<string, unknown>) => values.fileType === 'audio' || values.fileType === 'video';

/** Probes a picked audio/video file's duration and fills the form's hours, minutes and seconds. */
async function fillDuration(grant: PickedFile, ctx: CustomFieldContext): Promise<string | null> {
  const result = await window.api.files.probe({ grantId: grant.grantId });
  if (!result.ok) return result.error.message || APP_TEXT.noDuration;
  const parts = splitDuration(Math.round(result.data.durationSeconds));
  ctx.setValue('hours', parts.hours);
  ctx.setValue('minutes', parts.minutes);
  ctx.setValue('seconds', parts.seconds);
  return null;
}

export interface FileDialogProps {
  /** null: closed; 'add'; or the file to edit. */
  editing: 'add' | LibraryFile | null;
  onClose: () => void;
}

/** Add File / Edit File: the spec's library file form, links and uploads (progress, cancel, retry). */
export function FileDialog({ editing, onClose }: FileDialogProps) {
  const styles = useStyles();
  const keywords = useKeywords();
  const categories = useCategories();
  const ideas = useBusinessIdeas();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [probeMessage, setProbeMessage] = useState<string | null>(null);
  // Picked files as the user saw them (the form keeps only grant ids).
  const [picked, setPicked] = useState<{ file?: PickedFile | null; thumbnail?: PickedFile | null }>({});
  const record = editing && editing !== 'add' ? editing : null;
  const save = useCallMutation(
    (payload: ReturnType<typeof libraryPayloadOf>) =>
      record ? window.api.library.updateMedia({ id: record._id, ...payload }) : window.api.library.createMedia(payload),
    { fallback: MSG.fileNotAdded, successFallback: record ? 'File has been Updated' : 'File has been Added', invalidates: ['library'] },
  );

  const ideaOptions = useMemo(() => (ideas.data ?? []).map((i) => ({ value: i._id, label: i.inEnglish })), [ideas.data]);

  const fields = useMemo<FieldDescriptor<FormKey>[]>(() => {
    return [
      { kind: 'text', name: 'title', label: 'Title', required: true, hint: 'At most 100 characters.' },
      { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 3, hint: 'At most 1000 characters.' },
      { kind: 'select', name: 'language', label: 'Language', required: true, options: options(LANGUAGES), placeholder: 'Select a language' },
      { kind: 'select', name: 'visibility', label: 'Visibility', required: true, options: options(VISIBILITIES), placeholder: 'Select visibility' },
      { kind: 'select', name: 'status', label: 'Status', required: true, options: options(LIBRARY_STATUSES), placeholder: 'Select a status', hidden: (v) => !isPublic(v) },
      {
        kind: 'custom',
        name: 'level',
        label: 'Level',
        required: true,
        hidden: (v) => !isPublic(v),
        render: ({ id, value, onChange, onBlur, disabled }) => (
          <Select
            id={id}
            value={typeof value === 'number' && value > 0 ? String(value) : ''}
            onChange={(_e, d) => onChange(d.value === '' ? 0 : Number(d.value))}
            onBlur={onBlur}
            disabled={disabled}
          >
            <option value="">Select a level</option>
            {LEVELS.map((l) => (
              <option key={l} value={String(l)}>
                {l}
              </option>
            ))}
          </Select>
        ),
      },
      { kind: 'select', name: 'type', label: 'Type', required: true, options: options(VIDEO_TYPES), placeholder: 'Select video type', hidden: (v) => !isPublic(v) },
      {
        kind: 'custom',
        name: 'businessIdeas',
        label: 'Business ideas',
        required: true,
        hidden: (v) => !isPublic(v),
        render: ({ id, value, onChange, onBlur, disabled }) => {
          const selected = Array.isArray(value) ? (value as string[]) : [];
          const labels = ideaOptions.filter((o) => selected.includes(o.value)).map((o) => o.label);
          return (
            <div className={styles.ideas}>
              <Dropdown
                id={id}
                multiselect
                selectedOptions={selected}
                value={labels.length > 3 ? `${labels.length} business ideas` : labels.join(', ')}
                placeholder={ideas.isPending ? 'Loading…' : 'Select business ideas'}
                onOptionSelect={(_e, d) => onChange(d.selectedOptions)}
                onBlur={onBlur}
                disabled={disabled}
              >
                {ideaOptions.map((o) => (
                  <Option key={o.value} value={o.value}>
                    {o.label}
                  </Option>
                ))}
              </Dropdown>
              <div className={styles.ideaButtons}>
                <Button size="small" disabled={disabled} onClick={() => onChange(ideaOptions.map((o) => o.value))}>
                  Select All
                </Button>
                <Button size="small" disabled={disabled} onClick={() => onChange([])}>
                  Deselect All
                </Button>
                <Text size={200} className={styles.muted}>
                  {selected.length} of {ideaOptions.length} selected
                </Text>
              </div>
            </div>
          );
        },
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
      { kind: 'select', name: 'fileType', label: 'File type', required: true, options: options(FILE_TYPES), placeholder: 'Select a file type' },
      {
        kind: 'text',
        name: 'fileUrl',
        label: 'URL',
        required: true,
        placeholder: 'https://…',
        hidden: (v) => !isLink(v),
        check: async (value) => {
          const url = typeof value === 'string' ? value.trim() : '';
          if (!url) return null;
          const result = await window.api.library.checkUrl({ url });
          if (!result.ok || !result.data) return null;
          if (record && result.data._id === record._id) return null;
          return urlExistsMessage(result.data.title);
        },
      },
      {
        kind: 'custom',
        name: 'file',
        label: 'File',
        required: true,
        hidden: (v) => isLink(v),
        render: (ctx) => (
          <div>
            <FilePicker
              id={ctx.id}
              kind="media"
              value={(ctx.value as { grantId: string } | null) ? (picked.file ?? null) : null}
              storedName={record && record.fileType !== 'link' ? (record.fileName ?? record.title) : undefined}
              emptyText="Drop an audio, video or other file here, or choose one"
              disabled={ctx.disabled}
              onBlur={ctx.onBlur}
              onChange={(grant) => {
                setPicked((p) => ({ ...p, file: grant }));
                setProbeMessage(null);
                ctx.onChange(grant ? { grantId: grant.grantId } : null);
                if (grant && playable(ctx.values)) void fillDuration(grant, ctx).then(setProbeMessage);
              }}
            />
            {probeMessage ? (
              <Text size={200} className={styles.error} role="alert">
                {probeMessage}
              </Text>
            ) : null}
          </div>
        ),
      },
      {
        kind: 'custom',
        name: 'hours',
        label: 'Duration',
        required: true,
        hint: 'At most 12 hours 59 minutes 59 seconds.',
        render: (ctx) => {
          const fromFile = !isLink(ctx.values) && playable(ctx.values) && !probeMessage;
          const part = (name: 'hours' | 'minutes' | 'seconds', label: string, max: number) => {
            const raw = name === 'hours' ? ctx.value : ctx.values[name];
            const labelId = `${ctx.id}-${name}-label`;
            return (
              <Input
                id={name === 'hours' ? ctx.id : undefined}
                className={styles.durationPart}
                type="number"
                aria-labelledby={labelId}
                min={0}
                max={max}
                contentAfter={
                  <Text size={200} aria-hidden>
                    {label.slice(0, 1).toLowerCase()}
                    <span id={labelId} hidden>
                      {label}
                    </span>
                  </Text>
                }
                value={raw === undefined || raw === null || Number.isNaN(raw) ? '' : String(raw)}
                readOnly={fromFile}
                disabled={ctx.disabled}
                onChange={(_e, d) => {
                  const next = d.value === '' ? Number.NaN : Number(d.value);
                  if (name === 'hours') ctx.onChange(next);
                  else ctx.setValue(name, next);
                }}
                onBlur={ctx.onBlur}
              />
            );
          };
          const partError = ctx.errorOf('minutes') ?? ctx.errorOf('seconds');
          return (
            <div>
              <div className={styles.duration}>
                {part('hours', 'Hours', MAX_DURATION_HOURS)}
                {part('minutes', 'Minutes', 59)}
                {part('seconds', 'Seconds', 59)}
              </div>
              {fromFile ? (
                <Text size={200} className={styles.muted}>
                  Read from the file.
                </Text>
              ) : null}
              {partError ? (
                <Text size={200} className={styles.error}>
                  {partError}
                </Text>
              ) : null}
            </div>
          );
        },
      },
      {
        kind: 'custom',
        name: 'thumbnail',
        label: 'Thumbnail',
        hint: `Optional image, ${THUMBNAIL_SUGGESTED.width} x ${THUMBNAIL_SUGGESTED.height} suggested.`,
        render: (ctx) => (
          <FilePicker
            id={ctx.id}
            kind="image"
            value={ctx.value ? (picked.thumbnail ?? null) : null}
            storedName={record?.thumbnail ? 'Current thumbnail' : undefined}
            emptyText={`Drop an image here or choose one (${THUMBNAIL_SUGGESTED.width} x ${THUMBNAIL_SUGGESTED.height} suggested)`}
            chooseLabel="Choose image…"
            disabled={ctx.disabled}
            onBlur={ctx.onBlur}
            onChange={(grant) => {
              setPicked((p) => ({ ...p, thumbnail: grant }));
              ctx.onChange(grant ? { grantId: grant.grantId } : null);
            }}
          />
        ),
      },
    ];
  }, [ideaOptions, ideas.isPending, keywords.data, keywords.isPending, categories.data, categories.isPending, record, picked, probeMessage, styles]);

  const defaults = useMemo(() => (record ? libraryFormOf(record) : emptyLibraryForm()), [record]);

  const close = () => {
    setPicked({});
    setProbeMessage(null);
    setUploadId(null);
    onClose();
  };

  const submit = async (form: Parameters<typeof libraryPayloadOf>[0]): Promise<Result<unknown>> => {
    // A link sends no file part, whatever was picked before the type changed.
    const values = form.fileType === 'link' ? { ...form, file: null } : form;
    const sendsFile = !!values.file || !!values.thumbnail;
    const id = sendsFile ? newUploadId() : undefined;
    setUploadId(id ?? null);
    try {
      return await save.run(libraryPayloadOf(values, id));
    } finally {
      setUploadId(null);
    }
  };

  return (
    <EntityDialog
      open={editing !== null}
      title={record ? 'Edit File' : 'Add File'}
      schema={LibraryFileFormSchema}
      fields={fields}
      defaultValues={defaults}
      submitLabel={record ? 'Save' : 'Add'}
      busyLabel={uploadId ? 'Uploading…' : 'Saving…'}
      failureFallback={MSG.fileNotAdded}
      width={640}
      onClose={close}
      onSubmit={submit}
      onCancelBusy={uploadId ? () => void window.api.uploads.cancel({ uploadId }) : undefined}
      cancelLabel={uploadId ? 'Cancel upload' : 'Cancel'}
      status={uploadId ? <UploadProgress uploadId={uploadId} /> : null}
    />
  );
}
