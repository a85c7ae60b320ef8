/** The third-party notices file against what app.asar really carries (pure; package-check.test.ts feeds it lists). */
import type { NoticesFile } from '../../src/shared/schemas/desktop';

export interface CarriedPackage {
  name: string;
  version: string;
}

/** Each package the archive carries in node_modules that the notices lack (or list at another version). */
export function noticesProblems(carried: readonly CarriedPackage[], notices: NoticesFile | null): string[] {
  if (!notices) return ['missing out/third-party-notices.json: the third-party notices (Help > About), written by the build'];
  const listed = new Map<string, Set<string>>();
  for (const entry of notices.packages) listed.set(entry.name, (listed.get(entry.name) ?? new Set()).add(entry.version));
  const problems: string[] = [];
  for (const pkg of carried) {
    const versions = listed.get(pkg.name);
    if (!versions) problems.push(`the notices lack ${pkg.name} ${pkg.version}, which app.asar carries in node_modules`);
    else if (!versions.has(pkg.version)) problems.push(`the notices list ${pkg.name} at ${[...versions].join(', ')}, but app.asar carries ${pkg.version}`);
  }
  for (const entry of notices.packages) if (!entry.license || entry.license === 'UNKNOWN') problems.push(`the notices name no licence for ${entry.name} ${entry.version}`);
  return problems;
}

/** Counts for the report: by where the package is carried. */
export function noticesSummary(notices: NoticesFile): string {
  const by = (where: string) => notices.packages.filter((p) => p.where.includes(where as never)).length;
  const withoutText = notices.packages.filter((p) => !p.text).length;
  return `${notices.packages.length} packages (${by('node_modules')} in node_modules, ${by('renderer')} bundled into the renderer, ${by('preload')} into the preload, ${by('main')} into main)${withoutText ? `; ${withoutText} ship no licence file (their licence name is shown)` : ''}`;
}
