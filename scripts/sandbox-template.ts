/**
 * A seeded sandbox to copy instead of seeding again. Seeding the demo content (PGlite's first start, the
 * schema, the demo records) is most of a fresh sandbox's start; the e2e suite starts one host per worker
 * and its fault walks start more, so the first seeds a template once and the others copy its folder
 * (scripts/preview.ts with SANDBOX_TEMPLATE). The copy is a sandbox like any other: the server sees a
 * folder that is not fresh and starts on it, and the sandbox admin is made sure of at every start.
 */
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SANDBOX_DEFAULTS, startServer } from '../server/app';

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The template at `templateDir`, seeded now when it is not there yet. Seeded in a folder of this process's
 * own and renamed into place, so a host that starts at the same moment never copies half a template.
 */
export async function ensureSandboxTemplate(templateDir: string): Promise<void> {
  if (await exists(templateDir)) return;
  const seeding = `${templateDir}.seeding-${process.pid}`;
  await mkdir(dirname(templateDir), { recursive: true });
  const server = await startServer({
    dataDir: seeding,
    seedDemo: true,
    // From the run's fresh cluster when `npm test` made one (PGLITE_FRESH_CLUSTER), not initdb again.
    reuseFreshCluster: true,
    admin: { email: process.env.SANDBOX_ADMIN_EMAIL ?? SANDBOX_DEFAULTS.email, password: process.env.SANDBOX_ADMIN_PASSWORD ?? SANDBOX_DEFAULTS.password },
  });
  await server.close();
  // Another host may have put its template in place first: theirs is as good.
  await rename(seeding, templateDir).catch(() => rm(seeding, { recursive: true, force: true }));
}

/** A sandbox's server folder from the template, unless the sandbox already has one (a restart keeps its data). */
export async function sandboxFromTemplate(templateDir: string, serverDir: string): Promise<void> {
  if (await exists(serverDir)) return;
  await ensureSandboxTemplate(templateDir);
  await cp(templateDir, serverDir, { recursive: true });
}

// `node --import tsx scripts/sandbox-template.ts <folder>`: seeds the template there (npm test does it beside
// vitest, so that the e2e run's first host copies it instead of seeding while the walks wait).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const templateDir = process.argv[2];
  if (!templateDir) throw new Error('Usage: node --import tsx scripts/sandbox-template.ts <template folder>');
  await ensureSandboxTemplate(templateDir);
  console.log(`sandbox-template: seeded ${templateDir}`);
}
