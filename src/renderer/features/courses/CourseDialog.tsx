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
  type CourseCreateInput,
} from '../../../shared/schemas/courses';
import type { CallError } from '../../../shared/result';
import { optionsOf, type FieldDescriptor } from '../../components/EntityDialog';
import { call, recordForm, type AnyRecordForm } from '../../kit/Resource';

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

const rules = { fallback: COURSE_MSG.somethingWentWrong, override: courseFailure };

/** A course's calls: its save (the form's values become the course's payload) and delete. */
export const courseCalls = {
  create: call('videoRepository.createCourse', { ...rules, successFallback: 'Course has been Added' }, (values: CourseForm) => coursePayloadOf(values) as CourseCreateInput),
  update: call('videoRepository.updateCourse', { ...rules, successFallback: 'Course has been Updated' }, ({ values, record }: { values: CourseForm; record: Course }) => ({
    id: record._id,
    ...coursePayloadOf(values),
  })),
  remove: call('videoRepository.deleteCourse', rules),
  reorder: call('videoRepository.courseSequence', rules, (rows: Course[]) => ({ courses: rows.map((c) => c._id) })),
};

/**
 * Add Course / Edit Course (multipart: main streams the thumbnail from disk, with progress and cancel),
 * as the kit's declared form of a record, so an edit is checked against a colleague's change.
 * `language`: the one a new course starts with (the screen's remembered choice).
 */
export function courseForm(language: string | null): (record: Course | null) => AnyRecordForm<Course> {
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
    return recordForm({
      schema: CourseFormSchema,
      fields,
      defaults: emptyCourseForm(language ?? ''),
      values: courseFormOf,
      failureFallback: COURSE_MSG.somethingWentWrong,
      canSubmit: courseCanSubmit,
      width: 600,
    });
  };
}
