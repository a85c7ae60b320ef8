/**
 * The reference server from the command line (run with tsx):
 *   serve [--no-demo]   HOST (127.0.0.1), PORT (4010), DATA_DIR (.sandbox/server), DATABASE_URL, DATABASE_SCHEMA,
 *                       SANDBOX_ADMIN_EMAIL / SANDBOX_ADMIN_PASSWORD, RESET_LINK_BASE, SERVER_LOG=1
 *   seed --demo         fills the configured database with demo content and exits
 *   seed --questions N  adds N generated questions (fast bulk insert; the table benchmark loads 100000)
 *   seed --learners N   adds N generated learners with progress (set-based inserts; the bench loads 200000)
 *   seed --bench-course adds a course with a folder of 5000 videos and a module of 1000 topics
 *                       They combine: seed --demo --questions 100000 --learners 200000 --bench-course
 */
import path from 'node:path';
import { ensureSuperAdmin } from './admin-auth/queries';
import { SANDBOX_DEFAULTS, startServer } from './app';
import { openDb } from './db';
import { migrate } from './migrations';
import { seedDemo, seedManyLearners, seedManyQuestions } from './seed';
import { seedBenchCourse } from './video-repository/seed';

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR ?? '.sandbox/server');
const databaseUrl = env.DATABASE_URL || undefined;
const databaseSchema = env.DATABASE_SCHEMA || undefined;
const admin = { email: env.SANDBOX_ADMIN_EMAIL ?? SANDBOX_DEFAULTS.email, password: env.SANDBOX_ADMIN_PASSWORD ?? SANDBOX_DEFAULTS.password };
const [command, ...flags] = process.argv.slice(2);
const storage = databaseUrl ? `PostgreSQL (${new URL(databaseUrl).host})` : `PGlite in ${path.join(dataDir, 'pg')}`;

async function serve(): Promise<void> {
  const server = await startServer({
    dataDir,
    databaseUrl,
    databaseSchema,
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 4010),
    seedDemo: !flags.includes('--no-demo'),
    admin,
    resetLinkBase: env.RESET_LINK_BASE || undefined,
  });
  console.log(`Content Console reference server on ${server.url}`);
  console.log(`  storage: ${storage}; outbox: ${path.join(dataDir, 'outbox')}`);
  // The email only: passwords never go to the console or the logs.
  console.log(`  Super Admin: ${admin.email}${env.SANDBOX_ADMIN_PASSWORD ? '' : ' (the default sandbox password)'}`);
  if (!/^(127\.|::1$|localhost$)/.test(env.HOST ?? '127.0.0.1')) {
    console.warn('  Warning: listening beyond this machine. Use HTTPS in front of it: passwords are only base64-encoded.');
  }
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** `--<name> N` or `--<name>=N`; undefined when absent. */
function countFlag(name: string): number | undefined {
  const index = flags.findIndex((f) => f === `--${name}` || f.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const flag = flags[index]!;
  const raw = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : flags[index + 1];
  const n = Number(raw);
  if (!raw || !Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number, got ${raw ?? 'nothing'}`);
  return n;
}

async function seed(): Promise<void> {
  const demo = flags.includes('--demo');
  const questions = countFlag('questions');
  const learners = countFlag('learners');
  const benchCourse = flags.includes('--bench-course');
  if (!demo && questions === undefined && learners === undefined && !benchCourse) {
    throw new Error('Usage: seed [--demo] [--questions N] [--learners N] [--bench-course]');
  }
  const db = await openDb({ dataDir, databaseUrl, schema: databaseSchema });
  try {
    await migrate(db);
    await ensureSuperAdmin(db, admin.email, admin.password, new Date());
    if (demo) {
      const added = await seedDemo(db);
      console.log(
        `Seeded ${storage}: ${added.admins} demo admins, ${added.categories} categories, ${added.questions} questions, ${added.resources} resources added.`,
      );
    }
    if (questions !== undefined) {
      const started = Date.now();
      await seedManyQuestions(db, questions);
      console.log(`Seeded ${storage}: ${questions} generated questions added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    if (learners !== undefined) {
      const started = Date.now();
      await seedManyLearners(db, learners);
      console.log(`Seeded ${storage}: ${learners} generated learners added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    if (benchCourse) {
      const ids = await seedBenchCourse(db);
      console.log(`Seeded ${storage}: the benchmark course (${ids.courseId}): a folder of 5000 videos, a module of 1000 topics.`);
    }
  } finally {
    await db.close();
  }
}

const commands: Record<string, () => Promise<void>> = { serve, seed };
const run = command ? commands[command] : undefined;
if (!run) {
  console.error('Usage: tsx server/cli.ts serve [--no-demo] | seed [--demo] [--questions N] [--learners N] [--bench-course]');
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
