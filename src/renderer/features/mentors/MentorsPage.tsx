import { LANGUAGES } from '../../../shared/constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../../../shared/engagement-messages';
import { MSG } from '../../../shared/messages';
import { isImageName, isVideoName } from '../../../shared/file-kinds';
import {
  MENTOR_BIO_MAX,
  MENTOR_DETAIL_MAX,
  MENTOR_FEE_MAX,
  MENTOR_NAME_MAX,
  MentorCreateSchema,
  MentorUpdateSchema,
  type Mentor,
  type MentorCreateInput,
  type MentorUpdateInput,
} from '../../../shared/schemas/mentors';
import { optionsOf, type FieldDescriptor, type FieldOption } from '../../components/EntityDialog';
import { callQuery } from '../../lib/calls';
import { useBusinessIdeaOptions, useGroupOptions } from '../../lib/lookups';
import { lastUpdated, nameWithHint, tags } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { ENGAGEMENT_PAGE_SIZE } from '../../lib/page-sizes';

const columns = ({ editColumn, deleteColumn }: ScreenActions<Mentor>) => [
  nameWithHint<Mentor>('name', 'Name', (r) => r.name, (r) => r.mentorBio),
  tags<Mentor>('designation', 'Designation', (r) => (r.designation ? [r.designation] : [])),
  tags<Mentor>('mobileNumber', 'Mobile Number', (r) => (r.mobileNumber ? [r.mobileNumber] : []), { width: 150 }),
  tags<Mentor>('language', 'Language', (r) => r.language, { width: 220 }),
  lastUpdated<Mentor>((r) => r.metaInfo),
  editColumn((r) => `Edit ${r.name}`),
  deleteColumn((r) => `Delete ${r.name}`),
];

type Common = keyof MentorCreateInput & keyof MentorUpdateInput & string;

/** The fields both forms have, in the form's order. */
const commonFields = (groups: FieldOption[], ideas: FieldOption[]): FieldDescriptor<Common>[] => [
  { kind: 'text', name: 'name', label: 'Mentor Name', required: true, maxLength: MENTOR_NAME_MAX },
  { kind: 'multiselect', name: 'language', label: 'Languages', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select languages' },
  { kind: 'multiselect', name: 'businessIdeas', label: 'Specialities', required: true, options: ideas, placeholder: 'Select business ideas', bulk: true, noun: 'business ideas' },
  { kind: 'multiselect', name: 'keywords', label: 'Topic Groups', required: true, options: groups, placeholder: 'Select groups' },
  { kind: 'email', name: 'email', label: 'Email', required: true, maxLength: 254 },
  { kind: 'tel', name: 'mobileNumber', label: 'Mobile Number', required: true, maxLength: 16, placeholder: '10-digit mobile number' },
  { kind: 'text', name: 'organisation', label: 'Organisation', required: true, maxLength: MENTOR_DETAIL_MAX },
  { kind: 'text', name: 'designation', label: 'Designation', required: true, maxLength: MENTOR_DETAIL_MAX },
  { kind: 'textarea', name: 'mentorBio', label: 'Mentor Bio', required: true, maxLength: MENTOR_BIO_MAX, rows: 3 },
  { kind: 'textarea', name: 'internalBio', label: 'Internal Bio', maxLength: MENTOR_BIO_MAX, rows: 2 },
  { kind: 'number', name: 'mentorFee', label: 'Mentor Fee (INR)', min: 0, max: MENTOR_FEE_MAX, step: 1, currency: 'INR' },
];

const emptyMentor: MentorCreateInput = {
  name: '',
  language: [],
  businessIdeas: [],
  keywords: [],
  email: '',
  mobileNumber: '',
  organisation: '',
  designation: '',
  mentorBio: '',
  internalBio: '',
  mentorFee: 0,
};

const valuesOf = (m: Mentor): MentorUpdateInput => ({
  id: m._id,
  name: m.name,
  language: [...m.language],
  businessIdeas: [...m.businessIdeas],
  keywords: [...m.keywords],
  email: m.email,
  mobileNumber: m.mobileNumber,
  organisation: m.organisation,
  designation: m.designation,
  mentorBio: m.mentorBio,
  internalBio: m.internalBio,
  mentorFee: m.mentorFee,
  // A mentor whose video is a link edits the link; one with an uploaded video may replace the file.
  fileType: m.mentorVideo ? 'upload' : 'url',
  fileUrl: m.mentorShortVideoUrl,
});

export default function MentorsPage() {
  const groups = useGroupOptions();
  const ideas = useBusinessIdeaOptions();

  const picture = (stored?: string): FieldDescriptor<'profilePicture'> => ({
    kind: 'file', name: 'profilePicture', label: 'Profile Picture', pick: 'image', required: !stored, stored, hint: 'An image (png, jpg, jpeg, webp or gif), 800 x 800 recommended.',
    // A dropped file skips the open dialog's filter: anything but an image is refused at once.
    accept: { test: isImageName, message: M.uploadProfilePicture },
  });
  const video = (stored?: string): FieldDescriptor<'mentorVideo'> => ({
    kind: 'file', name: 'mentorVideo', label: 'Intro Video', pick: 'media', required: !stored, stored, hint: 'A video file (mp4, m4v, webm, mov or mkv).',
    hidden: (values) => values.fileType === 'url',
    accept: { test: isVideoName, message: M.enterNewVideo },
  });

  const editor = (record: Mentor | null) =>
    record
      ? recordForm({
          schema: MentorUpdateSchema,
          width: 640,
          fields: [
            ...commonFields(groups, ideas),
            picture(record.profilePicture ? 'Current profile picture' : undefined),
            { kind: 'switch', name: 'fileType', label: 'Intro video source', onLabel: 'File Upload', offLabel: 'File Url', onValue: 'upload', offValue: 'url' },
            { kind: 'text', name: 'fileUrl', label: 'File Url', required: true, maxLength: 2048, hidden: (values) => values.fileType !== 'url' },
            video(record.mentorVideo ? 'Current intro video' : undefined),
          ],
          defaults: valuesOf(record),
        })
      : recordForm({
          schema: MentorCreateSchema,
          width: 640,
          fields: [...commonFields(groups, ideas), picture(), video()],
          defaults: emptyMentor,
        });
  const mentors = resource<Mentor>({
    name: 'Mentor',
    form: editor,
    create: call('mentorship.registerMentor', { fallback: MSG.somethingWentWrong, successFallback: T.mentorAdded }),
    update: call('mentorship.updateMentor', { fallback: MSG.somethingWentWrong, successFallback: T.mentorUpdated }),
    remove: {
      ...call('mentorship.deleteMentor', { fallback: M.unableToDelete, successFallback: T.mentorDeleted }),
      title: 'Delete mentor',
      question: (r) => `Are you sure you want to delete the mentor ${r.name}?`,
    },
    bulk: { names: ['mentor', 'mentors'], label: (r) => r.name },
  });

  return (
    <ResourceScreen
      title="Mentors"
      subtitle="Mentors who lead the events."
      resource={mentors}
      list={callQuery('mentorship.sessionUsers')}
      rowId={(r) => r._id}
      columns={columns}
      pageSize={ENGAGEMENT_PAGE_SIZE}
      pageSizes={[ENGAGEMENT_PAGE_SIZE]}
      emptyText="No mentors yet."
    />
  );
}
