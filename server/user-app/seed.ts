import { randomBytes, randomUUID } from 'node:crypto';
import { LANGUAGES } from '../../src/shared/constants';
import type { Db, Queryable } from '../db';

const DAY_MS = 86_400_000;

/** A video of a course in learning order, with what a learner's progress on it needs. */
interface PlannedVideo {
  videoId: string;
  moduleId: string;
  duration: number;
  questionBank: string[];
}

/** Every live course's videos in course order (module, topic, concept, video by their sequences). */
export async function courseVideoPlans(q: Queryable): Promise<Map<string, PlannedVideo[]>> {
  const docs = await q.query<{
    id: string; course_id: string; type: string; ancestors: string[]; sequence: number; doc_no: number; question_bank: string[]; duration: number | null;
  }>(
    `SELECT d.id, d.course_id, d.type, d.ancestors, d.sequence, d.doc_no, d.question_bank, lf.duration
       FROM documents d JOIN courses c ON c.id = d.course_id AND c.status = 'live'
       LEFT JOIN library_files lf ON lf.id = d.file_id`,
  );
  const order = new Map(docs.map((d) => [d.id, [Number(d.sequence), Number(d.doc_no)] as const]));
  const path = (d: (typeof docs)[number]) => [...d.ancestors, d.id].flatMap((id) => order.get(id) ?? [0, 0]);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const diff = (a[i] ?? -1) - (b[i] ?? -1);
      if (diff !== 0) return diff;
    }
    return 0;
  };
  const plans = new Map<string, PlannedVideo[]>();
  const files = docs.filter((d) => d.type === 'file').map((d) => ({ d, key: path(d) })).sort((a, b) => compare(a.key, b.key));
  for (const { d } of files) {
    const list = plans.get(d.course_id) ?? [];
    list.push({ videoId: d.id, moduleId: d.ancestors[0]!, duration: Math.max(60, Number(d.duration ?? 300)), questionBank: d.question_bank });
    plans.set(d.course_id, list);
  }
  return plans;
}

/** A new learner app token: 32 random bytes, hex. */
const newToken = (): string => randomBytes(32).toString('hex');

/** [mobile, preferred language, videos completed (-1: not enrolled), days since last login (null: never)] */
const DEMO_LEARNERS: [string, (typeof LANGUAGES)[number], number, number | null][] = [
  ['9820012345', 'English', 5, 0], ['9876501234', 'English', 1, 3],
  ['9811122233', 'Hindi', 9, 1], ['8800123456', 'Hindi', 3, 6],
  ['9822334455', 'Marathi', 2, 2], ['8698012345', 'Marathi', 0, 12],
  ['9444012876', 'Tamil', 4, 0], ['6380123456', 'Tamil', 7, 9],
  ['9831012345', 'Bengali', 2, 4], ['8017654321', 'Bengali', 4, 1],
  ['9845012345', 'Kannada', 3, 5], ['8861234567', 'Kannada', -1, null],
  ['9847012345', 'Malayalam', 6, 2], ['8089123456', 'Malayalam', 1, 30],
  ['9825012345', 'Gujarati', 8, 0], ['6355012345', 'Gujarati', 0, 14],
  ['9849012345', 'Telugu', 5, 7], ['8885123456', 'Telugu', 2, 1],
  ['9815098150', 'Punjabi', 3, 3], ['6280123456', 'Punjabi', 10, 0],
  ['9864012345', 'Assamese', 1, 8], ['6001234567', 'Assamese', 4, 2],
  ['9437012345', 'Odia', 2, 11], ['8658123456', 'Odia', 6, 4],
];

/**
 * Demo learners in the twelve languages, each in a live course (their language's when there is one),
 * with progress through modules, topics, concepts and videos and quiz answers on completed videos.
 * Needs the courses seeded first. Idempotent.
 */
export async function seedLearners(q: Queryable, now: Date): Promise<{ learners: number }> {
  const [existing] = await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM learners`);
  if (Number(existing?.n ?? 0) > 0) return { learners: 0 };
  const plans = await courseVideoPlans(q);
  const courses = await q.query<{ id: string; language: string }>(`SELECT id, language FROM courses WHERE status = 'live' ORDER BY sequence`);
  const withVideos = courses.filter((c) => (plans.get(c.id)?.length ?? 0) > 0);
  // Collected here and written in two statements (every test server seeds this).
  const learnerRows: unknown[][] = [];
  const progressRows: unknown[][] = [];
  for (const [i, [mobile, language, done, lastLogin]] of DEMO_LEARNERS.entries()) {
    const course = done < 0 ? undefined : (withVideos.find((c) => c.language === language) ?? withVideos[i % Math.max(withVideos.length, 1)]);
    const plan = course ? plans.get(course.id)! : [];
    const completed = Math.min(Math.max(done, 0), plan.length);
    const current = plan[Math.min(completed, plan.length - 1)];
    const id = randomUUID();
    const joined = new Date(now.getTime() - (40 + i) * DAY_MS);
    learnerRows.push([
      id, mobile, lastLogin === null ? null : new Date(now.getTime() - lastLogin * DAY_MS - i * 3_600_000).toISOString(), language, newToken(),
      course?.id ?? null, current?.moduleId ?? null, plan.length ? Math.round((100 * completed) / plan.length) : 0, joined.toISOString(),
    ]);
    // Completed videos with their quiz answers, then the one being watched now.
    const started = plan.slice(0, completed < plan.length ? completed + 1 : completed);
    for (const [k, video] of started.entries()) {
      const isDone = k < completed;
      const answers = isDone ? video.questionBank.map((questionId, n) => ({ questionId, right: (i + k + n) % 3 !== 0 })) : [];
      progressRows.push([
        id, video.videoId, new Date(joined.getTime() + (k + 1) * DAY_MS + i * 600_000).toISOString(),
        isDone ? video.duration : Math.round(video.duration * 0.4), isDone, JSON.stringify(answers),
      ]);
    }
  }
  const column = (rows: unknown[][], i: number) => rows.map((row) => row[i]);
  await q.query(
    `INSERT INTO learners (id, mobile_number, login_time, preferred_language, token, course_id, module_id, progress, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::timestamptz[])`,
    Array.from({ length: 9 }, (_, i) => column(learnerRows, i)),
  );
  await q.query(
    `INSERT INTO learner_progress (learner_id, video_id, start_time, watch_time, completed, answers)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::bool[], $6::jsonb[])`,
    Array.from({ length: 6 }, (_, i) => column(progressRows, i)),
  );
  return { learners: DEMO_LEARNERS.length };
}

/** Generated learners have mobiles 7xxxxxxxxx (demo learners never start with 7). */
const GENERATED_PREFIX = '7';
/** A generated learner completed at most this many videos (keeps 200,000 learners to about 0.6 M progress rows). */
const GENERATED_MAX_DONE = 6;

/**
 * How many videos generated learner `g` completed, as SQL: a spread of 0 to GENERATED_MAX_DONE (at most
 * the course's length). In bigint: `g * 7919` overflows an int past about 271,000 learners.
 */
export const generatedDoneSql = (g: string, total: string): string =>
  `((${g})::bigint * 7919) % (least(${total}, ${GENERATED_MAX_DONE}) + 1)`;

/**
 * Adds `n` generated learners with progress, in a few set-based statements (the table benchmark loads
 * 200,000): each in a live course round-robin, 0 to 6 videos completed with quiz answers.
 */
export async function seedManyLearners(db: Db, n: number, now: Date = new Date()): Promise<number> {
  if (n <= 0) return 0;
  return db.transaction(async (tx) => {
    const plans = await courseVideoPlans(tx);
    const courses = [...plans.entries()].filter(([, plan]) => plan.length > 0);
    const [base] = await tx.query<{ n: string | number }>(`SELECT count(*) AS n FROM learners WHERE mobile_number LIKE $1`, [`${GENERATED_PREFIX}%`]);
    const offset = Number(base?.n ?? 0);
    if (offset + n > 999_999_999) throw new Error('Too many generated learners.');
    await tx.query(`CREATE TEMP TABLE seed_plan (course_idx int, ord int, video_id text, module_id text, watch int, answers jsonb) ON COMMIT DROP`);
    await tx.query(`CREATE TEMP TABLE seed_course (course_idx int, course_id text, total int) ON COMMIT DROP`);
    const plan = courses.flatMap(([, videos], ci) =>
      videos.map((v, ord) => ({ ci, ord, v, answers: v.questionBank.map((questionId, k) => ({ questionId, right: (ord + k) % 3 !== 1 })) })),
    );
    await tx.query(
      `INSERT INTO seed_plan SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::jsonb[])`,
      [plan.map((p) => p.ci), plan.map((p) => p.ord), plan.map((p) => p.v.videoId), plan.map((p) => p.v.moduleId), plan.map((p) => p.v.duration), plan.map((p) => JSON.stringify(p.answers))],
    );
    await tx.query(`INSERT INTO seed_course SELECT * FROM unnest($1::int[], $2::text[], $3::int[])`, [
      courses.map((_, i) => i), courses.map(([id]) => id), courses.map(([, videos]) => videos.length),
    ]);
    const count = Math.max(courses.length, 1);
    // One row per generated learner: its course and how many videos it completed.
    await tx.query(
      `CREATE TEMP TABLE seed_gen ON COMMIT DROP AS
       SELECT s.g, gen_random_uuid()::text AS id, c.course_idx, c.course_id, c.total,
              CASE WHEN c.total IS NULL THEN 0 ELSE ${generatedDoneSql('s.g', 'c.total')} END AS done
         FROM generate_series(1, $1::int) AS s(g) LEFT JOIN seed_course c ON c.course_idx = s.g % ${count}`,
      [n],
    );
    await tx.query(
      `INSERT INTO learners (id, mobile_number, login_time, preferred_language, token, course_id, module_id, progress, created_at)
       SELECT gen.id, '${GENERATED_PREFIX}' || lpad(($1::bigint + gen.g)::text, 9, '0'),
              CASE WHEN gen.g % 17 = 0 THEN NULL ELSE $2::timestamptz - ((gen.g::bigint * 37) % 129600) * interval '1 minute' END,
              ($3::text[])[1 + gen.g % 12],
              replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
              gen.course_id,
              (SELECT p.module_id FROM seed_plan p WHERE p.course_idx = gen.course_idx AND p.ord = least(gen.done, gen.total - 1)),
              CASE WHEN coalesce(gen.total, 0) = 0 THEN 0 ELSE round(100.0 * gen.done / gen.total)::int END,
              $2::timestamptz - interval '60 days'
         FROM seed_gen gen`,
      [offset, now.toISOString(), [...LANGUAGES]],
    );
    await tx.query(
      `INSERT INTO learner_progress (learner_id, video_id, start_time, watch_time, completed, answers)
       SELECT gen.id, p.video_id, $1::timestamptz - (gen.done - p.ord + 1) * interval '1 day', p.watch, true, p.answers
         FROM seed_gen gen JOIN seed_plan p ON p.course_idx = gen.course_idx AND p.ord < gen.done`,
      [now.toISOString()],
    );
    return n;
  });
}
