/** The update feed files the build wrote, judged (pure: package-check.ts reads the files, the test feeds them). */
import { createHash } from 'node:crypto';

/** latest.yml, latest-mac.yml, latest-linux.yml: what electron-updater reads from the feed. */
export interface FeedFile {
  version: string;
  path?: string;
  sha512?: string;
  files: readonly { url: string; sha512: string; size?: number }[];
}

export interface FeedInput {
  /** package.json's version. */
  version: string;
  /** resources/app-update.yml of the package (where the installed app looks for its feed), or null. */
  appUpdate: { provider?: string; url?: string } | null;
  feed: FeedFile;
  /** The files the feed names, by name, as the build wrote them. */
  files: Record<string, Buffer | undefined>;
}

export function feedProblems(input: FeedInput): string[] {
  const problems: string[] = [];
  if (!input.appUpdate) problems.push('no resources/app-update.yml in the package: the installed app would not know its update feed (publish in electron-builder.yml)');
  else if (input.appUpdate.provider !== 'generic' || !input.appUpdate.url) problems.push(`resources/app-update.yml names ${JSON.stringify(input.appUpdate)}, not a generic feed with a URL`);
  if (input.feed.version !== input.version) problems.push(`the feed file names version ${input.feed.version}, not ${input.version}`);
  if (input.feed.files.length === 0) problems.push('the feed file names no file');
  for (const file of input.feed.files) {
    const bytes = input.files[file.url];
    if (!bytes) {
      problems.push(`${file.url}: named by the feed file, not written by the build`);
      continue;
    }
    if (createHash('sha512').update(bytes).digest('base64') !== file.sha512) problems.push(`${file.url}: its sha512 does not match the feed file`);
    if (file.size !== undefined && file.size !== bytes.length) problems.push(`${file.url}: its size is ${bytes.length}, the feed file says ${file.size}`);
  }
  return problems;
}
