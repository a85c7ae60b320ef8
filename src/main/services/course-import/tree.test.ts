import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_TEXT, linkedLibraryFile } from '../../../shared/schemas/course-import';
import { numberAndTitle, planTree, readFolderTree, type RawFolder } from './tree';

const folder = (name: string, files: string[] = [], folders: RawFolder[] = []): RawFolder => ({ name, path: `/d/${name}`, files, folders });
const NEW_COURSE = { rootDepth: 0, maxDepth: 3, library: new Map() };
const brief = (plan: ReturnType<typeof planTree>) =>
  plan.nodes.map((n) => `${'  '.repeat(n.depth)}${n.kind === 'folder' ? '+' : '-'} ${n.title} [${n.level}]${n.skipped ? ' skipped' : ''}${n.problems.map((p) => ` !${p.kind}`).join('')}`);

describe('numberAndTitle', () => {
  it.each([
    ['01 Choosing your cattle.mp4', true, 1, 'Choosing your cattle'],
    ['2. Milk.mp4', true, 2, 'Milk'],
    ['3 - Feed', false, 3, 'Feed'],
    ['10_Sheds_and_yards.mov', true, 10, 'Sheds and yards'],
    ['07.mp4', true, 7, '07'],
    ['3D printing.mp4', true, null, '3D printing'],
    ['Intro.mp4', true, null, 'Intro'],
    ['Version 2.0', false, null, 'Version 2.0'],
  ])('%s', (name, isFile, number, title) => {
    expect(numberAndTitle(name, isFile)).toEqual({ number, title });
  });
});

describe('planTree', () => {
  it('makes folders modules, topics and concepts by their level, videos files, in the order of their numbers', () => {
    const root = folder('Dairy basics', [], [
      folder('2 Feeding', ['1 Grass.mp4']),
      folder('1 Planning the dairy', ['10 Budget.mp4', '2 Land.mp4', 'Notes about land.mp4'], [
        folder('1 Choosing your cattle', [], [folder('1 Breeds', ['breeds.mp4', 'breeds.srt', 'breeds.hi.vtt'])]),
      ]),
    ]);
    expect(brief(planTree(root, NEW_COURSE))).toEqual([
      '+ Dairy basics [course]',
      '  + Planning the dairy [module]',
      '    + Choosing your cattle [topic]',
      '      + Breeds [concept]',
      '        - breeds [file]',
      '    - Land [file]',
      '    - Budget [file]',
      '    - Notes about land [file]',
      '  + Feeding [module]',
      '    - Grass [file]',
    ]);
    const breeds = planTree(root, NEW_COURSE).nodes.find((n) => n.name === 'breeds.mp4')!;
    expect(breeds.captions).toEqual(['breeds.hi.vtt', 'breeds.srt']);
    expect(breeds.path).toBe('/d/1 Breeds/breeds.mp4');
  });

  it('marks every problem: too deep, empty, not media, a name too long, a library duplicate, a video at the top', () => {
    const long = `${'x'.repeat(201)}.mp4`;
    const root = folder('Course', ['stray.mp4', 'cover.jpg', 'notes.txt'], [
      folder('1 Module', [long, 'Known title.mp4'], [folder('Topic', [], [folder('Concept', ['c.mp4'], [folder('Deeper', ['d.mp4'])])])]),
      folder('2 Empty module', [], [folder('Empty topic')]),
    ]);
    const library = new Map([['known title', { _id: 'lib1', title: 'Known Title' }]]);
    const plan = planTree(root, { ...NEW_COURSE, library });
    expect(brief(plan)).toEqual([
      '+ Course [course]',
      '  + Module [module]',
      '    - Known title [file] !duplicate',
      '    + Topic [topic]',
      '      + Concept [concept]',
      '        - c [file]',
      '        + Deeper [concept] skipped !tooDeep',
      '          - d [file] skipped',
      `    - ${'x'.repeat(201)} [file] !nameTooLong`,
      '  + Empty module [module] skipped !empty',
      '    + Empty topic [topic] skipped !empty',
      '  - stray [file]',
      '  - notes.txt [file] skipped !notMedia',
    ]);
    const byKind = Object.fromEntries(plan.nodes.flatMap((n) => n.problems.map((p) => [p.kind, p.message])));
    expect(byKind).toEqual({
      tooDeep: IMPORT_TEXT.tooDeep,
      empty: IMPORT_TEXT.empty,
      notMedia: IMPORT_TEXT.notMedia,
      nameTooLong: IMPORT_TEXT.nameTooLong,
      duplicate: 'The library already has "Known Title": that file is linked, not uploaded again. Change the title to upload this one.',
    });
    const known = plan.nodes.find((n) => n.title === 'Known title')!;
    expect(known.libraryFile).toEqual({ _id: 'lib1', title: 'Known Title' });
    // Linked while its title is the library file's; a new title uploads it as its own file.
    expect(linkedLibraryFile(known, ' known  TITLE ')).toEqual({ _id: 'lib1', title: 'Known Title' });
    expect(linkedLibraryFile(known, 'Known title, part 2')).toBeNull();
    // The image at the top of a new course is its thumbnail, not a problem.
    expect(plan.thumbnail).toBe('/d/Course/cover.jpg');
  });

  it('counts levels from the target folder: imported into a topic, the chosen folder is a concept and its sub-folders too deep', () => {
    const root = folder('Milking', ['a.mp4'], [folder('Sub', ['b.mp4'])]);
    expect(brief(planTree(root, { rootDepth: 3, maxDepth: 3, library: new Map() }))).toEqual([
      '+ Milking [concept]',
      '  - a [file]',
      '  + Sub [concept] skipped !tooDeep',
      '    - b [file] skipped',
    ]);
    // A course of only videos: modules hold videos, not folders.
    expect(brief(planTree(root, { rootDepth: 1, maxDepth: 1, library: new Map() }))[2]).toBe('  + Sub [topic] skipped !tooDeep');
    expect(planTree(root, { rootDepth: 1, maxDepth: 1, library: new Map() }).nodes[2]!.problems[0]!.message).toBe(IMPORT_TEXT.tooDeepOnlyVideos);
  });
});

describe('readFolderTree', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads real folders and files, leaving out hidden entries and symbolic links', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-import-tree-'));
    await mkdir(join(dir, 'root', '1 Module', '.hidden'), { recursive: true });
    await writeFile(join(dir, 'root', '1 Module', 'a.mp4'), 'x');
    await writeFile(join(dir, 'root', '.DS_Store'), 'x');
    await mkdir(join(dir, 'elsewhere'));
    await symlink(join(dir, 'elsewhere'), join(dir, 'root', 'link'));
    const raw = await readFolderTree(join(dir, 'root'));
    expect(raw.files).toEqual([]);
    expect(raw.folders.map((f) => f.name)).toEqual(['1 Module']);
    expect(raw.folders[0]!.files).toEqual(['a.mp4']);
    expect(raw.folders[0]!.folders).toEqual([]);
  });
});
