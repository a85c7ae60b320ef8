import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { LANGUAGES } from '../../../shared/constants';
import { COURSE_MSG, COURSE_TEXT } from '../../../shared/course-messages';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_NAME_MAX,
  COURSE_THUMBNAIL_EXTENSIONS,
  COURSE_THUMBNAIL_RECOMMENDED,
  CourseFormSchema,
  courseFormOf,
  coursePayloadOf,
  emptyCourseForm,
  type Course,
  type CourseForm,
  type CourseFormInput,
} from '../../../shared/schemas/courses';
import type { CallError, Result } from '../../../shared/result';
import { useCallMutation } from '../../lib/calls';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EntityDialog, optionsOf, type CustomFieldContext, type FieldDescriptor } from '../../components/EntityDialog';
import { FilePicker, type PickedFile } from '../../components/FilePicker';
import { UploadProgress, newUploadId } from '../../components/UploadProgress';

type FormKey = Extract<keyof CourseFormInput, string>;

const useStyles = makeStyles({
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Course save and delete: a non-success answer shows the spec's fixed text (spec 2 section 8). */
export const courseFailure = (error: CallError): string | null =>
  error.kind === 'http' || error.kind === 'parse' ? COURSE_MSG.somethingWentWrong : null;

const isImage = (name: string) => (COURSE_THUMBNAIL_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/** Submit is enabled only when language, name and course fee are set and a thumbnail exists (spec 2 section 5). */
export function courseCanSubmit(values: FieldValues): boolean {
  const fee = values.courseFee;
  const feeSet = typeof fee === 'number' ? Number.isFinite(fee) : typeof fee === 'string' && fee.trim() !== '';
  return !!values.language && typeof values.name === 'string' && values.name.trim() !== '' && feeSet && (!!values.thumbnail || !!values.hasStoredThumbnail);
}

/**
 * The thumbnail: an image picked or dropped (granted in main, never read here), png, jpg or jpeg only.
 * Removing a picked image asks first (spec 2 section 4); the question sits inside the form's dialog.
 */
function ThumbnailField({ ctx }: { ctx: CustomFieldContext }) {
  const styles = useStyles();
  const [typeError, setTypeError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PickedFile | null>(null);
  const picked = ctx.value && typeof ctx.value === 'object' && 'name' in ctx.value ? (ctx.value as PickedFile) : null;
  const { width, height } = COURSE_THUMBNAIL_RECOMMENDED;
  return (
    <div>
      <FilePicker
        id={ctx.id}
        kind="image"
        value={picked}
        storedName={ctx.values.hasStoredThumbnail ? 'Current thumbnail' : undefined}
        emptyText={`Drop an image here or choose one (${width} x ${height} recommended)`}
        chooseLabel="Choose image…"
        disabled={ctx.disabled}
        onBlur={ctx.onBlur}
        onChange={(file) => {
          if (!file) {
            if (picked) setRemoving(picked);
            return;
          }
          if (!isImage(file.name)) {
            setTypeError(COURSE_TEXT.thumbnailType);
            return;
          }
          setTypeError(null);
          ctx.onChange(file);
        }}
      />
      {typeError ? (
        <Text size={200} className={styles.error} role="alert">
          {typeError}
        </Text>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove thumbnail"
        text={removing ? `Remove ${removing.name} from this course?` : ''}
        confirmLabel="Remove"
        cancelLabel="Keep"
        onConfirm={() => {
          ctx.onChange(null);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

export interface CourseDialogProps {
  /** null: closed; 'add'; or the course to edit. */
  editing: Course | 'add' | null;
  /** The language a new course starts with (the screen's remembered choice). */
  language: string | null;
  onClose: () => void;
}

/** Add Course / Edit Course (multipart: main streams the thumbnail from disk, with progress and cancel). */
export function CourseDialog({ editing, language, onClose }: CourseDialogProps) {
  const record = editing && editing !== 'add' ? editing : null;
  const [uploadId, setUploadId] = useState<string | null>(null);
  const save = useCallMutation(
    (payload: ReturnType<typeof coursePayloadOf>) =>
      record ? window.api.videoRepository.updateCourse({ id: record._id, ...payload }) : window.api.videoRepository.createCourse(payload as Parameters<typeof window.api.videoRepository.createCourse>[0]),
    {
      fallback: COURSE_MSG.somethingWentWrong,
      override: courseFailure,
      successFallback: record ? 'Course has been Updated' : 'Course has been Added',
      invalidates: ['videoRepository'],
    },
  );

  const fields = useMemo<FieldDescriptor<FormKey>[]>(
    () => [
      { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
      { kind: 'text', name: 'name', label: 'Course name', required: true, maxLength: COURSE_NAME_MAX + 1 },
      { kind: 'textarea', name: 'description', label: 'Description', rows: 3, hint: `At most ${COURSE_DESCRIPTION_MAX} characters.` },
      { kind: 'number', name: 'courseFee', label: 'Course fee (INR, ₹)', required: true, min: 0, step: 1, hint: 'In rupees; 0 makes the course Free.' },
      { kind: 'switch', name: 'modulesSkippable', label: 'Are videos skippable', onLabel: 'Yes', offLabel: 'No' },
      { kind: 'switch', name: 'hasOnlyVideos', label: 'Only videos', onLabel: 'Yes', offLabel: 'No' },
      { kind: 'switch', name: 'status', label: 'Status', onLabel: 'Live', offLabel: 'Draft', onValue: 'live', offValue: 'draft' },
      {
        kind: 'custom',
        name: 'thumbnail',
        label: 'Thumbnail',
        required: true,
        hint: `A png, jpg or jpeg image, ${COURSE_THUMBNAIL_RECOMMENDED.width} x ${COURSE_THUMBNAIL_RECOMMENDED.height} recommended.`,
        render: (ctx) => <ThumbnailField ctx={ctx} />,
      },
    ],
    [],
  );

  const defaults = useMemo(() => (record ? courseFormOf(record) : emptyCourseForm(language ?? '')), [record, language]);

  const close = () => {
    setUploadId(null);
    onClose();
  };

  const submit = async (form: CourseForm): Promise<Result<unknown>> => {
    const id = form.thumbnail ? newUploadId() : undefined;
    setUploadId(id ?? null);
    try {
      return await save.run(coursePayloadOf(form, id));
    } finally {
      setUploadId(null);
    }
  };

  return (
    <EntityDialog
      key={record?._id ?? 'add'}
      open={editing !== null}
      title={record ? 'Edit Course' : 'Add Course'}
      schema={CourseFormSchema}
      fields={fields}
      defaultValues={defaults}
      submitLabel={record ? 'Save' : 'Add'}
      busyLabel={uploadId ? 'Uploading…' : 'Saving…'}
      failureFallback={COURSE_MSG.somethingWentWrong}
      canSubmit={courseCanSubmit}
      width={600}
      onClose={close}
      onSubmit={submit}
      onCancelBusy={uploadId ? () => void window.api.uploads.cancel({ uploadId }) : undefined}
      cancelLabel={uploadId ? 'Cancel upload' : 'Cancel'}
      status={uploadId ? <UploadProgress uploadId={uploadId} /> : null}
    />
  );
}
