import type { FieldValues } from 'react-hook-form';
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
import type { CallError } from '../../../shared/result';
import { useCallMutation } from '../../lib/calls';
import { optionsOf, type FieldDescriptor } from '../../components/EntityDialog';
import { form, type AnyFormSpec } from '../../kit/RecordDialogs';
import { useUploadSubmit } from '../../components/UploadProgress';

type FormKey = Extract<keyof CourseFormInput, string>;

/** Course save and delete: a non-success answer shows the spec's fixed text (spec 2 section 8). */
export const courseFailure = (error: CallError): string | null =>
  error.kind === 'http' || error.kind === 'parse' ? COURSE_MSG.somethingWentWrong : null;

const isThumbnailName = (name: string) => (COURSE_THUMBNAIL_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/** Submit is enabled only when language, name and course fee are set and a thumbnail exists (spec 2 section 5). */
export function courseCanSubmit(values: FieldValues): boolean {
  const fee = values.courseFee;
  const feeSet = typeof fee === 'number' ? Number.isFinite(fee) : typeof fee === 'string' && fee.trim() !== '';
  return !!values.language && typeof values.name === 'string' && values.name.trim() !== '' && feeSet && (!!values.thumbnail || !!values.hasStoredThumbnail);
}

const { width, height } = COURSE_THUMBNAIL_RECOMMENDED;

/**
 * Add Course / Edit Course (multipart: main streams the thumbnail from disk, with progress and cancel),
 * as the kit's declared form of a record, so an edit is checked against a colleague's change.
 * `language`: the one a new course starts with (the screen's remembered choice).
 */
export function useCourseForm(language: string | null): (record: Course | null) => AnyFormSpec {
  const upload = useUploadSubmit();
  const rules = { fallback: COURSE_MSG.somethingWentWrong, override: courseFailure, invalidates: ['videoRepository'] as const };
  const add = useCallMutation('videoRepository.createCourse', { ...rules, successFallback: 'Course has been Added' });
  const update = useCallMutation('videoRepository.updateCourse', { ...rules, successFallback: 'Course has been Updated' });

  return (record: Course | null) => {
    const fields: FieldDescriptor<FormKey>[] = [
      { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
      { kind: 'text', name: 'name', label: 'Course name', required: true, maxLength: COURSE_NAME_MAX + 1 },
      { kind: 'textarea', name: 'description', label: 'Description', rows: 3, maxLength: COURSE_DESCRIPTION_MAX },
      { kind: 'number', name: 'courseFee', label: 'Course fee (INR)', required: true, min: 0, step: 1, currency: 'INR', hint: '0 makes the course Free.' },
      { kind: 'switch', name: 'modulesSkippable', label: 'Are videos skippable', onLabel: 'Yes', offLabel: 'No' },
      { kind: 'switch', name: 'hasOnlyVideos', label: 'Only videos', onLabel: 'Yes', offLabel: 'No' },
      { kind: 'switch', name: 'status', label: 'Status', onLabel: 'Live', offLabel: 'Draft', onValue: 'live', offValue: 'draft' },
      {
        kind: 'file',
        name: 'thumbnail',
        label: 'Thumbnail',
        required: true,
        pick: 'image',
        stored: record?.thumbnail ? 'Current thumbnail' : undefined,
        emptyText: `Drop an image here or choose one (${width} x ${height} recommended)`,
        chooseLabel: 'Choose image…',
        hint: `A png, jpg or jpeg image, ${width} x ${height} recommended.`,
        // Only png, jpg or jpeg: another file is refused at once, with the reason.
        accept: { test: isThumbnailName, message: COURSE_TEXT.thumbnailType },
      },
    ];
    return form({
      title: record ? 'Edit Course' : 'Add Course',
      schema: CourseFormSchema,
      fields,
      defaults: record ? courseFormOf(record) : emptyCourseForm(language ?? ''),
      failureFallback: COURSE_MSG.somethingWentWrong,
      canSubmit: courseCanSubmit,
      width: 600,
      dialog: upload.dialog,
      submit: (values: CourseForm) =>
        upload.run(!!values.thumbnail, (uploadId) => {
          const payload = coursePayloadOf(values, uploadId);
          return record ? update.run({ id: record._id, ...payload }) : add.run(payload as Parameters<typeof add.run>[0]);
        }),
    });
  };
}
