import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../engagement-messages';
import { MSG } from '../messages';
import { EMAIL_PATTERN, INDIAN_MOBILE_PATTERN } from './admin-auth';
import { IdSchema } from './common';
import { optionalText, requiredIds, requiredText } from './fields';
import { FileRefSchema, UploadIdSchema, URL_PATTERN } from './library';
import { AuthoredMetaSchema } from './meta';

/** Limits of spec 2 section 9. */
export const MENTOR_BIO_MAX = 1000;
export const MENTOR_NAME_MAX = 100;
export const MENTOR_DETAIL_MAX = 200;
/** The largest fee the form takes (INR): a bound, not a business rule. */
export const MENTOR_FEE_MAX = 10_000_000;
/** Edit toggles the intro video between a File Url and a File Upload (spec 2 section 4). */
export const MENTOR_VIDEO_MODES = ['url', 'upload'] as const;
export type MentorVideoMode = (typeof MENTOR_VIDEO_MODES)[number];

/** A mentor (session user, spec 2 section 3). `id` is a short number; media are addresses ('' when none). */
export const MentorSchema = v.object({
  _id: IdSchema,
  id: v.number(),
  name: v.string(),
  designation: v.string(),
  keywords: v.array(IdSchema),
  mentorBio: v.string(),
  businessIdeas: v.array(IdSchema),
  language: v.array(v.picklist(LANGUAGES)),
  email: v.string(),
  mobileNumber: v.string(),
  organisation: v.string(),
  mentorFee: v.number(),
  internalBio: v.optional(v.string(), ''),
  profilePicture: v.optional(v.string(), ''),
  /** An uploaded intro video (a signed address), or ''. */
  mentorVideo: v.optional(v.string(), ''),
  /** An intro video given as a link, or ''. */
  mentorShortVideoUrl: v.optional(v.string(), ''),
  metaInfo: AuthoredMetaSchema,
});
export type Mentor = v.InferOutput<typeof MentorSchema>;

/** The intro video a mentor has: the upload, else the link. */
export const mentorVideoOf = (mentor: Mentor): string => mentor.mentorVideo || mentor.mentorShortVideoUrl;

const fields = {
  name: requiredText(M.enterMentorName, MENTOR_NAME_MAX, T.nameTooLong),
  designation: requiredText(M.enterDesignation, MENTOR_DETAIL_MAX, T.fieldTooLong('The designation', MENTOR_DETAIL_MAX)),
  /** Topic groups: synonym group ids. */
  keywords: requiredIds(M.addGroups, 100),
  mentorBio: requiredText(M.enterMentorBio, MENTOR_BIO_MAX, T.bioTooLong),
  /** Specialities: business idea ids (Select All / Deselect All in the form). */
  businessIdeas: requiredIds(T.selectSpeciality, 500),
  /** The languages the mentor speaks (several). */
  language: v.pipe(
    v.optional(v.array(v.picklist(LANGUAGES, M.selectLanguage), M.selectLanguage), []),
    v.transform((list: (typeof LANGUAGES)[number][]) => [...new Set(list)]),
    v.minLength(1, M.selectLanguage),
  ),
  email: v.pipe(v.optional(v.string(M.enterEmail), ''), v.trim(), v.nonEmpty(M.enterEmail), v.maxLength(254, MSG.enterValidEmail), v.regex(EMAIL_PATTERN, MSG.enterValidEmail)),
  mobileNumber: v.pipe(v.optional(v.string(M.enterMobile), ''), v.trim(), v.nonEmpty(M.enterMobile), v.regex(INDIAN_MOBILE_PATTERN, MSG.enterValidPhone)),
  organisation: requiredText(M.enterOrganisation, MENTOR_DETAIL_MAX, T.fieldTooLong('The organisation', MENTOR_DETAIL_MAX)),
  /** Whole rupees, minimum 0 (spec 2 section 9); 0 when not given. */
  mentorFee: v.pipe(v.optional(v.number(T.feeMinimum), 0), v.integer(T.feeMinimum), v.minValue(0, T.feeMinimum), v.maxValue(MENTOR_FEE_MAX, T.feeMinimum)),
  internalBio: optionalText(MENTOR_BIO_MAX, T.internalBioTooLong),
  /** The profile picture (an image) and the intro video (a video file): grant ids, streamed by main (null: a field emptied). */
  profilePicture: v.nullish(FileRefSchema),
  mentorVideo: v.nullish(FileRefSchema),
  uploadId: v.optional(UploadIdSchema),
};

/** POST /session-users/register-mentor (multipart): the picture and the video are required. */
export const MentorCreateSchema = v.pipe(
  v.object(fields),
  v.forward(v.partialCheck([['profilePicture']], (m) => !!m.profilePicture, M.uploadProfilePicture), ['profilePicture']),
  v.forward(v.partialCheck([['mentorVideo']], (m) => !!m.mentorVideo, M.enterNewVideo), ['mentorVideo']),
);
export type MentorCreateInput = v.InferInput<typeof MentorCreateSchema>;

/**
 * PUT /session-users/{id} (multipart): the same fields plus fileType and fileUrl. In url mode the link
 * is required ('Enter a new file url!'); in upload mode a new video replaces the stored one, and the
 * server refuses the edit when there is neither ('Enter a new video!'). A new picture is optional.
 */
export const MentorUpdateSchema = v.pipe(
  v.object({
    id: IdSchema,
    ...fields,
    fileType: v.optional(v.picklist(MENTOR_VIDEO_MODES), 'upload'),
    fileUrl: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2048, M.enterNewFileUrl)), ''),
  }),
  v.forward(v.partialCheck([['fileType'], ['fileUrl']], (m) => m.fileType !== 'url' || URL_PATTERN.test(m.fileUrl), M.enterNewFileUrl), ['fileUrl']),
);
export type MentorUpdateInput = v.InferInput<typeof MentorUpdateSchema>;

export const MentorIdSchema = v.object({ id: IdSchema });
