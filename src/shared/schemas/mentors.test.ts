import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG as M } from '../engagement-messages';
import { MentorCreateSchema } from './mentors';

describe('the Add Mentor form', () => {
  it('a picture or video field emptied (a refused pick, a removal) says the spec\'s required text', () => {
    const issues = v.safeParse(MentorCreateSchema, { profilePicture: null, mentorVideo: null }).issues ?? [];
    const of = (path: string) => issues.filter((i) => v.getDotPath(i) === path).map((i) => i.message);
    expect(of('profilePicture')).toEqual([M.uploadProfilePicture]);
    expect(of('mentorVideo')).toEqual([M.enterNewVideo]);
  });
});
