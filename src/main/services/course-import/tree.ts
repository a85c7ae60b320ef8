import { readdir, realpath } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { titleKey } from '../../../shared/schemas/bulk';
import { FOLDER_LEVELS, MAX_FOLDER_DEPTH } from '../../../shared/schemas/courses';
import { IMPORT_TEXT, importTitleProblem, type ImportNode, type ImportProblem } from '../../../shared/schemas/course-import';
import { sidecarLanguage } from '../../../shared/sidecar';
import { isMediaName } from '../bulk/sniff';

/** A folder as read from disk: its sub-folders and its file names (hidden entries and links left out). */
export interface RawFolder {
  name: string;
  path: string;
  folders: RawFolder[];
  files: string[];
}

/** Where the chosen folder lands, and what the course allows. */
export interface TreeOptions {
  /**
   * The level of the chosen folder: 0 when it becomes the course itself, 1 when it becomes a module
   * (imported at the top of a course), 2 a topic, 3 a concept.
   */
  rootDepth: number;
  /** The deepest folder level the course takes: 3, or 1 for a course of only videos. */
  maxDepth: number;
  /** The library's files by titleKey, for the duplicate check. */
  library: ReadonlyMap<string, { _id: string; title: string }>;
}

/** An entry of the preview with where it is on disk (main keeps the paths; the page gets the nodes). */
export interface PlannedNode extends ImportNode {
  path: string;
}

export interface TreePlan {
  nodes: PlannedNode[];
  /** An image at the top of the chosen folder (a new course's thumbnail), or null. */
  thumbnail: string | null;
}

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg']);
const natural = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * A name's leading number and the title without it: '01 Choosing your cattle.mp4' is 1 and 'Choosing
 * your cattle'; '2. Milk', '3 - Feed', '4_Sheds' alike. A name that is only a number keeps it as its
 * title. Underscores become spaces; the extension of a file goes.
 */
export function numberAndTitle(name: string, isFile: boolean): { number: number | null; title: string } {
  const stem = isFile && extname(name) ? name.slice(0, -extname(name).length) : name;
  const tidy = (text: string) => text.normalize('NFC').replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  const match = /^(\d{1,9})(?:[\s._)-]+(.*))?$/s.exec(stem);
  if (!match) return { number: null, title: tidy(stem) };
  const rest = tidy(match[2] ?? '');
  return { number: Number(match[1]), title: rest || tidy(stem) };
}

/** Siblings in order: numbered ones by their number, then the rest, each by name (natural order). */
function ordered<T extends { name: string; number: number | null }>(entries: T[]): T[] {
  return entries.sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) || natural.compare(a.name, b.name));
}

/** Reads the folder's tree: real paths, hidden entries and symbolic links left out, an unreadable folder empty. */
export async function readFolderTree(path: string): Promise<RawFolder> {
  const root = await realpath(path);
  const walk = async (folder: string): Promise<RawFolder> => {
    const raw: RawFolder = { name: basename(folder), path: folder, folders: [], files: [] };
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) raw.folders.push(await walk(join(folder, entry.name)));
      else if (entry.isFile()) raw.files.push(entry.name);
    }
    return raw;
  };
  return walk(root);
}

const levelOf = (depth: number): ImportNode['level'] => (depth === 0 ? 'course' : (FOLDER_LEVELS[depth - 1] ?? 'concept'));

/**
 * The tree an import would build from `root` (pure): folders at their levels, media files as videos,
 * caption files with their video, each entry in its order with its problems. An entry left out
 * (`skipped`) takes what is in it along; a name too long stays in and must be shortened.
 */
export function planTree(root: RawFolder, options: TreeOptions): TreePlan {
  const nodes: PlannedNode[] = [];
  const maxDepth = Math.min(options.maxDepth, MAX_FOLDER_DEPTH);
  const problem = (kind: ImportProblem['kind'], message: string): ImportProblem => ({ kind, message });
  // The top of a new course may hold its thumbnail: the first image, one named cover or thumbnail first.
  const images = options.rootDepth === 0 ? root.files.filter((f) => IMAGE_EXTENSIONS.has(extname(f).toLowerCase())) : [];
  const preferred = images.find((f) => /^(cover|thumbnail)\./i.test(f)) ?? images.sort(natural.compare)[0] ?? null;
  const thumbnail = preferred ? join(root.path, preferred) : null;

  /** Adds the folder and what is in it; returns how many videos it brings (0: empty). */
  const visit = (folder: RawFolder, depth: number, parent: string | null, skippedAbove: boolean): number => {
    const id = String(nodes.length);
    const named = depth === options.rootDepth ? { number: null, title: numberAndTitle(folder.name, false).title } : numberAndTitle(folder.name, false);
    const node: PlannedNode = {
      id, parent, depth: depth - options.rootDepth, kind: 'folder', name: folder.name, title: named.title, level: levelOf(depth),
      number: named.number, captions: [], problems: [], skipped: skippedAbove, libraryFile: null, path: folder.path,
    };
    nodes.push(node);
    if (depth > maxDepth) {
      node.problems.push(problem('tooDeep', maxDepth === 1 ? IMPORT_TEXT.tooDeepOnlyVideos : IMPORT_TEXT.tooDeep));
      node.skipped = true;
    }
    const titleProblem = depth > 0 ? importTitleProblem(node.title) : null;
    if (titleProblem) node.problems.push(problem('nameTooLong', titleProblem));

    const media = folder.files.filter(isMediaName);
    type Child = { name: string; number: number | null; folder?: RawFolder };
    const children: Child[] = [
      ...folder.folders.map((f) => ({ name: f.name, number: numberAndTitle(f.name, false).number, folder: f })),
      ...media.map((name) => ({ name, number: numberAndTitle(name, true).number })),
    ];
    let videos = 0;
    for (const child of ordered(children)) {
      if (child.folder) {
        videos += visit(child.folder, depth + 1, id, node.skipped);
        continue;
      }
      const { number, title } = numberAndTitle(child.name, true);
      const video: PlannedNode = {
        id: String(nodes.length), parent: id, depth: depth + 1 - options.rootDepth, kind: 'video', name: child.name, title,
        level: 'file', number, problems: [], skipped: node.skipped, libraryFile: null, path: join(folder.path, child.name),
        captions: folder.files.filter((f) => sidecarLanguage(child.name, f) !== undefined).sort(natural.compare),
      };
      // A video at the top of a new course is linked there (spec 2: its parent is empty), as Add File
      // at the top of a course's directory does.
      nodes.push(video);
      const long = importTitleProblem(title);
      if (long) video.problems.push(problem('nameTooLong', long));
      const found = options.library.get(titleKey(title));
      if (found) {
        video.libraryFile = { _id: found._id, title: found.title };
        video.problems.push(problem('duplicate', IMPORT_TEXT.duplicate(found.title)));
      }
      if (!video.skipped) videos += 1;
    }
    // Files that are neither media, nor a media file's captions, nor the course's thumbnail.
    for (const name of [...folder.files].sort(natural.compare)) {
      if (isMediaName(name) || media.some((m) => sidecarLanguage(m, name) !== undefined)) continue;
      if (thumbnail && depth === 0 && join(folder.path, name) === thumbnail) continue;
      nodes.push({
        id: String(nodes.length), parent: id, depth: depth + 1 - options.rootDepth, kind: 'video', name, title: name, level: 'file',
        number: null, captions: [], problems: [problem('notMedia', IMPORT_TEXT.notMedia)], skipped: true, libraryFile: null,
        path: join(folder.path, name),
      });
    }
    if (videos === 0 && !node.skipped && depth > 0) {
      node.problems.push(problem('empty', IMPORT_TEXT.empty));
      node.skipped = true;
    }
    return node.skipped ? 0 : videos;
  };
  visit(root, options.rootDepth, null, false);
  return { nodes, thumbnail };
}
