import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { APP_TEXT, MSG } from '../messages';
import { bulkIssues, bulkPayloadOf, defaultMeta, titleFromFileName, titleKey, type BulkMeta } from './bulk';
import { LibraryFileFormSchema as LibraryFileFormSchemaForTest, LibraryMediaCreateSchema } from './library';

const IDEA = '65a000000000000000000001';
const GROUP = '65a000000000000000000002';

const valid = (): BulkMeta => ({
  ...defaultMeta('dairy_basics.mp4'),
  description: 'Feed, shed and milk sales.',
  type: 'Interview',
  businessIdeas: [IDEA],
  keywords: [GROUP],
});

describe('titleFromFileName', () => {
  it('drops the extension and makes separators spaces', () => {
    expect(titleFromFileName('dairy_farm-basics.part.1.mp4')).toBe('dairy farm basics part 1');
    expect(titleFromFileName('Goat   rearing  __ intro.MOV')).toBe('Goat rearing intro');
    expect(titleFromFileName('  --_trimmed_--.webm')).toBe('trimmed');
  });

  it('keeps a name without extension, and a leading dot as part of the name', () => {
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName('.hidden')).toBe('hidden');
  });

  it('ignores folders in the name', () => {
    expect(titleFromFileName('/videos/2024/poultry_care.mp4')).toBe('poultry care');
    expect(titleFromFileName('C:\\videos\\poultry-care.mp4')).toBe('poultry care');
  });

  it('is at most 100 characters and never splits an emoji', () => {
    const long = `${'a'.repeat(99)}😀${'b'.repeat(50)}.mp4`;
    const title = titleFromFileName(long);
    expect(Array.from(title)).toHaveLength(100);
    expect(title.endsWith('😀')).toBe(true);
    expect(titleFromFileName(`${'word '.repeat(30)}.mp4`).length).toBeLessThanOrEqual(100);
    // A cut that ends on a space is trimmed.
    expect(titleFromFileName(`${'x'.repeat(99)}_yyy.mp4`)).toBe('x'.repeat(99));
  });

  it('composes decomposed (macOS) names', () => {
    expect(titleFromFileName('Cafe\u0301_tour.mp4')).toBe('Caf\u00e9 tour');
  });

  it('titleKey ignores case and spacing', () => {
    expect(titleKey(' Dairy  Basics ')).toBe(titleKey('dairy basics'));
  });
});

describe('bulkIssues: the Add File schema and texts', () => {
  it('a new item needs what the Add File form needs', () => {
    const issues = bulkIssues(defaultMeta('clip.mp4'), { fileType: 'video', duration: 0 });
    expect(issues).toEqual({
      description: MSG.descriptionMandatory,
      type: MSG.selectVideoType,
      businessIdeas: APP_TEXT.selectBusinessIdea,
      keywords: MSG.addGroups,
    });
  });

  it('an empty title and a missing level say so with the spec texts', () => {
    const issues = bulkIssues({ ...valid(), title: '  ', level: 0 }, { fileType: 'video', duration: 0 });
    expect(issues.title).toBe(MSG.enterFileName);
    expect(issues.level).toBe(MSG.selectLevel);
  });

  it('Restricted items need no status, level, type or business ideas', () => {
    const meta: BulkMeta = { ...defaultMeta('a.mp4'), visibility: 'Restricted', status: '', level: 0, description: 'x', keywords: [GROUP] };
    expect(bulkIssues(meta, { fileType: 'audio', duration: 10 })).toEqual({});
  });

  it('an unset language and visibility get their messages', () => {
    const issues = bulkIssues({ ...valid(), language: '', visibility: '' }, { fileType: 'video', duration: 0 });
    expect(issues.language).toBe(MSG.selectLanguage);
    expect(issues.visibility).toBe(MSG.selectVisibility);
  });

  it('a duration longer than the form can hold is an issue', () => {
    expect(bulkIssues(valid(), { fileType: 'video', duration: 14 * 3600 }).duration).toBe(APP_TEXT.durationRange);
  });

  it('a valid item has none, and its payload passes POST /library/media', () => {
    const meta = valid();
    expect(bulkIssues(meta, { fileType: 'video', duration: 75 })).toEqual({});
    const payload = bulkPayloadOf({ ...meta, title: '  dairy basics ' }, { fileType: 'video', duration: 75 }, 'grant-1', 'grant-2');
    expect(payload).toMatchObject({ title: 'dairy basics', duration: 75, file: { grantId: 'grant-1' }, thumbnail: { grantId: 'grant-2' }, fileUrl: '' });
    expect(v.safeParse(LibraryMediaCreateSchema, payload).success).toBe(true);
  });
});

describe('bulkIssues agrees with one whole-form check', () => {
  it('for every combination of the fields that decide the messages', () => {
    const titles = ['', '  ', 'ok', 'x'.repeat(101)];
    const visibilities = ['Public', 'Restricted', ''] as const;
    const levels = [0, 1, 7];
    const descriptions = ['', 'd'];
    for (const title of titles) for (const visibility of visibilities) for (const level of levels) for (const description of descriptions) {
      const meta = { ...valid(), title, visibility, level, description };
      const whole = v.safeParse(LibraryFileFormSchemaForTest, { ...meta, visibility: visibility || undefined, fileType: 'video', fileUrl: '', hours: 0, minutes: 1, seconds: 0, file: { grantId: 'g' }, thumbnail: null, hasStoredFile: false });
      const first: Record<string, string> = {};
      for (const issue of whole.issues ?? []) first[String(issue.path?.[0]?.key)] ??= issue.message;
      expect(bulkIssues(meta, { fileType: 'video', duration: 60 })).toEqual(first);
    }
  });
});
