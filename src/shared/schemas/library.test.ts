import * as v from 'valibot';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { describe, expect, it } from 'vitest';
import { LibraryFileFormSchema, emptyLibraryForm, type LibraryFileFormInput } from './library';
import { APP_TEXT, MSG } from '../messages';

const IDEA = '65a000000000000000000001';
const GROUP = '65a000000000000000000002';

/** A form the user cleared entirely: nothing chosen, nothing typed. */
const blank = (): Record<string, unknown> => ({
  ...emptyLibraryForm(),
  language: undefined,
  visibility: undefined,
  status: undefined,
  level: 0,
  type: undefined,
});

/** A valid Public link. */
const validLink = (): LibraryFileFormInput => ({
  ...emptyLibraryForm(),
  title: 'Dairy basics',
  description: 'Feed, shed and milk sales.',
  level: 2,
  type: 'Interview',
  businessIdeas: [IDEA],
  keywords: [GROUP],
  fileUrl: 'https://media.example.com/a.mp4',
  minutes: 1,
});

/**
 * The message per field, as react-hook-form's valibot resolver sees them: it parses with
 * `abortPipeEarly: true` and keeps the first message of each path.
 */
function messages(input: unknown): Record<string, string> {
  const result = v.safeParse(LibraryFileFormSchema, input, { abortPipeEarly: true });
  const out: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue) ?? '';
    out[path] ??= issue.message;
  }
  return out;
}

describe('the Add/Edit File form schema', () => {
  it('accepts a valid link', () => expect(messages(validLink())).toEqual({}));

  it('shows every message of an empty form at once', () => {
    expect(messages(blank())).toEqual({
      title: MSG.enterFileName,
      description: MSG.descriptionMandatory,
      language: MSG.selectLanguage,
      visibility: MSG.selectVisibility,
      status: APP_TEXT.selectStatus,
      level: MSG.selectLevel,
      type: MSG.selectVideoType,
      businessIdeas: APP_TEXT.selectBusinessIdea,
      keywords: MSG.addGroups,
      fileUrl: MSG.enterUrl,
      hours: MSG.enterDuration,
    });
    // The texts are the spec's.
    expect([MSG.enterFileName, MSG.descriptionMandatory, MSG.selectLanguage, MSG.selectVisibility, MSG.addGroups]).toEqual([
      'Enter a new name!',
      'Description is mandatory',
      'Select a language!',
      'Please select video visibility',
      'Add some Groups',
    ]);
    expect([MSG.enterUrl, MSG.enterDuration, MSG.enterFile, MSG.selectLevel, MSG.selectVideoType]).toEqual([
      'Enter a new url!',
      'Please enter video duration!',
      'Enter a new file!',
      'Please select a level',
      'Please select video type',
    ]);
  });

  it('shows the Public and link rules in the same round as the field rules of the Add form as it opens', () => {
    expect(messages(emptyLibraryForm())).toEqual({
      title: MSG.enterFileName,
      description: MSG.descriptionMandatory,
      type: MSG.selectVideoType,
      businessIdeas: APP_TEXT.selectBusinessIdea,
      keywords: MSG.addGroups,
      fileUrl: MSG.enterUrl,
      hours: MSG.enterDuration,
    });
  });

  it('the real form resolver reports all those fields at once', async () => {
    const resolver = valibotResolver(LibraryFileFormSchema);
    const result = await resolver(blank() as never, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(result.errors).sort()).toEqual(
      ['businessIdeas', 'description', 'fileUrl', 'hours', 'keywords', 'language', 'level', 'status', 'title', 'type', 'visibility'].sort(),
    );
    expect(result.errors.visibility?.message).toBe(MSG.selectVisibility);
    expect(result.errors.hours?.message).toBe(MSG.enterDuration);
  });

  it('Restricted: no status, level, type or business idea rules', () => {
    const restricted = { ...blank(), visibility: 'Restricted' };
    const got = messages(restricted);
    for (const key of ['status', 'level', 'type', 'businessIdeas']) expect(got[key]).toBeUndefined();
    expect(got).toMatchObject({ title: MSG.enterFileName, keywords: MSG.addGroups, fileUrl: MSG.enterUrl, hours: MSG.enterDuration });
    expect(messages({ ...validLink(), visibility: 'Restricted', status: '', level: 0, type: '', businessIdeas: [] })).toEqual({});
  });

  it('Public: each rule on its own', () => {
    expect(messages({ ...validLink(), status: '' })).toEqual({ status: APP_TEXT.selectStatus });
    expect(messages({ ...validLink(), level: 0 })).toEqual({ level: MSG.selectLevel });
    expect(messages({ ...validLink(), type: '' })).toEqual({ type: MSG.selectVideoType });
    expect(messages({ ...validLink(), businessIdeas: [] })).toEqual({ businessIdeas: APP_TEXT.selectBusinessIdea });
  });

  it('a link needs a URL that matches the pattern and a duration', () => {
    expect(messages({ ...validLink(), fileUrl: '', minutes: 0 })).toEqual({ fileUrl: MSG.enterUrl, hours: MSG.enterDuration });
    expect(messages({ ...validLink(), fileUrl: 'not a url' })).toEqual({ fileUrl: MSG.enterUrl });
    expect(messages({ ...validLink(), hours: 0, minutes: 0, seconds: 9 })).toEqual({});
    // A duration out of range says so, not that it is missing.
    expect(messages({ ...validLink(), minutes: 75 })).toEqual({ minutes: APP_TEXT.durationRange });
    // Uploads need neither: the URL is the server's, the duration is read from the file.
    expect(messages({ ...validLink(), fileType: 'video', fileUrl: '', minutes: 0, file: { grantId: 'g1' } })).toEqual({});
  });

  it('an upload needs a file (or, when editing, the one already stored)', () => {
    for (const fileType of ['audio', 'video', 'other'] as const) {
      expect(messages({ ...validLink(), fileType, fileUrl: '' })).toEqual({ file: MSG.enterFile });
      expect(messages({ ...validLink(), fileType, fileUrl: '', file: { grantId: 'g1' } })).toEqual({});
    }
    expect(messages({ ...validLink(), fileType: 'video', hasStoredFile: true })).toEqual({});
    // Together with the field rules of an otherwise empty form.
    expect(messages({ ...blank(), fileType: 'video' })).toMatchObject({ title: MSG.enterFileName, file: MSG.enterFile, keywords: MSG.addGroups });
    expect(messages({ ...blank(), fileType: 'video' })).not.toHaveProperty('fileUrl');
  });
});
