import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db';

/** [title, description, topics: [title, description, concepts]] */
type DemoModule = [string, string, [string, string, string[]][]];

interface DemoCourse {
  name: string;
  description: string;
  language: string;
  fee: number;
  status: 'draft' | 'live';
  modulesSkippable?: boolean;
  /** A videos-only course: its modules hold videos directly (the topic titles become video titles). */
  hasOnlyVideos?: boolean;
  slug: string;
  modules: DemoModule[];
}

/** Demo courses in several languages: modules > topics > concepts > videos that show library files. */
export const DEMO_COURSES: DemoCourse[] = [
  {
    name: 'Start your own dairy', description: 'From two cows to a steady milk business: planning, feeding and selling.', language: 'Hindi',
    fee: 0, status: 'live', slug: 'dairy',
    modules: [
      ['Planning the dairy', 'Money, space and animals before you start.', [
        ['Choosing your cattle', 'Which animals to buy and how to check them.', ['Breeds for your region', 'Checking an animal before you buy']],
        ['Shed and water', 'A clean, dry shed and water all day.', ['A low-cost shed', 'Clean water every day']],
      ]],
      ['Feeding and health', 'Feed that gives milk, and illnesses to catch early.', [
        ['Daily feed plan', 'What a cow eats in a day and what it costs.', ['Green and dry fodder', 'Concentrate and minerals']],
        ['Common illnesses', 'Signs to watch for every morning.', ['Signs of mastitis']],
      ]],
      ['Selling your milk', 'Buyers, prices and a simple register.', [
        ['Finding buyers', 'Cooperatives, shops and homes.', ['Dairy cooperatives', 'Selling door to door']],
        ['Keeping accounts', 'Know what you earn each week.', ['A simple milk register']],
      ]],
    ],
  },
  {
    name: 'Tailoring business basics', description: 'Set up a tailoring shop, price your work and keep customers coming back.', language: 'English',
    fee: 499, status: 'live', slug: 'tailoring',
    modules: [
      ['Setting up your shop', 'Tools, space and a good location.', [
        ['Tools you need', 'Machines and tools for a small shop.', ['Machines and tools']],
        ['Choosing a location', 'Where customers will find you.', ['Footfall and rent']],
      ]],
      ['Pricing and customers', 'Prices that leave a margin, customers who return.', [
        ['Pricing your work', 'Time, thread and rent in every price.', ['Counting your time', 'Material costs']],
        ['Getting repeat customers', 'Word of mouth and WhatsApp.', ['Word of mouth', 'WhatsApp catalogues']],
      ]],
    ],
  },
  {
    name: 'Run a profitable kirana store', description: 'Stock that sells, suppliers you can trust, money you can count.', language: 'Marathi',
    fee: 0, status: 'draft', slug: 'kirana',
    modules: [
      ['Stock and suppliers', 'Buying right and never running out.', [
        ['Fast-moving stock', 'Know what sells every day.', ['Tracking stock daily']],
        ['Working with wholesalers', 'Prices, credit and delivery.', ['Credit terms']],
      ]],
      ['Money matters', 'Accounts and loans for a small shop.', [
        ['Daily bookkeeping', 'Ten minutes every evening.', ['Cash in and cash out']],
        ['Loans for your shop', 'What the bank will ask for.', ['Mudra loan papers']],
      ]],
    ],
  },
  {
    name: 'Poultry farming from scratch', description: 'Broilers or layers, the shed, and growing one batch at a time.', language: 'Tamil',
    fee: 999, status: 'live', modulesSkippable: true, slug: 'poultry',
    modules: [
      ['Getting started', 'Choosing the birds and building the shed.', [
        ['Broiler or layer?', 'Two businesses with different cash flows.', ['Comparing costs']],
        ['The poultry shed', 'Light, air and space per bird.', ['Light and air']],
      ]],
      ['Growing the farm', 'From a first batch to a steady business.', [
        ['From 50 hens to 2000', 'A farmer tells how he grew.', ['Growing step by step']],
      ]],
    ],
  },
  {
    name: 'Selling on WhatsApp', description: 'Short videos: a catalogue, orders and payments on WhatsApp.', language: 'Kannada',
    fee: 199, status: 'live', hasOnlyVideos: true, slug: 'whatsapp',
    modules: [
      ['Your WhatsApp catalogue', 'Photos, prices and a business profile.', [
        ['Setting up a business profile', '', []], ['Good product photos', '', []],
      ]],
      ['Taking orders and payments', 'From a message to money in the bank.', [
        ['Taking an order', '', []], ['UPI payments', '', []],
      ]],
    ],
  },
  {
    name: 'Bookkeeping for small shops', description: 'A cash book, credit and a monthly statement, without software.', language: 'Bengali',
    fee: 0, status: 'live', slug: 'bookkeeping',
    modules: [
      ['Everyday accounts', 'What to write down and when.', [
        ['The cash book', 'Every rupee in and out.', ['Writing entries', 'Closing the day']],
        ['Giving credit', 'Udhaar without losing money.', ['A credit register']],
      ]],
    ],
  },
  {
    name: 'Mushroom growing at home', description: 'Oyster mushrooms in one room: bags, humidity and harvest.', language: 'Odia',
    fee: 0, status: 'draft', slug: 'mushroom',
    modules: [
      ['Your first harvest', 'Everything for a first crop in six weeks.', [
        ['Setting up the room', 'Shelves, bags and spawn.', ['Bags and spawn']],
      ]],
    ],
  },
];

const DAY_MS = 86_400_000;

interface LibraryPick {
  id: string;
  language: string;
  description: string;
  question_bank: string[];
}

/**
 * Demo courses with their directory: modules, topics, concepts and videos pointing at the library's
 * files (same language first). Needs the library and question bank seeded first. Idempotent.
 */
export async function seedCourses(q: Queryable, now: Date): Promise<{ courses: number; videos: number }> {
  const [existing] = await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM courses`);
  if (Number(existing?.n ?? 0) > 0) return { courses: 0, videos: 0 };
  const library = await q.query<LibraryPick>(`SELECT id, language, description, question_bank FROM library_files ORDER BY file_id`);
  const questions = (await q.query<{ id: string }>(`SELECT id FROM qb_questions ORDER BY question_no LIMIT 40`)).map((r) => r.id);
  let videoCount = 0;
  let questionTurn = 0;
  const pickFile = (language: string, turn: number): LibraryPick | undefined => {
    const same = library.filter((f) => f.language === language);
    const pool = same.length > 0 && turn % 3 !== 2 ? same : library;
    return pool[turn % Math.max(pool.length, 1)];
  };
  const questionsFor = (count: number): string[] => {
    if (questions.length === 0) return [];
    return Array.from({ length: count }, () => questions[questionTurn++ % questions.length]!).filter((id, i, all) => all.indexOf(id) === i);
  };

  // Rows are collected here and written in two statements (every test server seeds this).
  const courseRows: unknown[][] = [];
  const docRows: unknown[][] = [];
  for (const [ci, course] of DEMO_COURSES.entries()) {
    const courseId = randomUUID();
    const created = new Date(now.getTime() - (60 - ci * 5) * DAY_MS);
    const at = (offsetDays: number) => new Date(created.getTime() + offsetDays * 3_600_000).toISOString();
    courseRows.push([
      courseId, course.name, course.description, course.language, course.fee, course.modulesSkippable ?? false, course.hasOnlyVideos ?? false,
      course.status, `https://media.example.com/thumbnails/${course.slug}-800.jpg`, ci + 1, created.toISOString(), at(ci * 7 + 30),
    ]);
    let turn = ci;
    let stamp = 1;
    const insert = (
      parent: { id: string; ancestors: string[] } | null, type: 'folder' | 'file', title: string, description: string, sequence: number,
      file?: LibraryPick, freeToWatch = false,
    ): { id: string; ancestors: string[] } => {
      const id = randomUUID();
      const ancestors = parent ? [...parent.ancestors, parent.id] : [];
      docRows.push([
        id, courseId, parent?.id ?? null, type, title, description, freeToWatch, file?.id ?? null,
        JSON.stringify(file ? (file.question_bank.length ? file.question_bank : questionsFor(2 + (turn % 2))) : []), ancestors.length + 1,
        JSON.stringify(ancestors), sequence, at(stamp++),
      ]);
      return { id, ancestors };
    };
    const addVideos = (folder: { id: string; ancestors: string[] }, title: string, count: number, firstFree: boolean) => {
      for (let i = 0; i < count; i += 1) {
        const file = pickFile(course.language, turn++);
        if (!file) return;
        insert(folder, 'file', count === 1 ? title : `${title}, part ${i + 1}`, file.description, i + 1, file, firstFree && i === 0);
        videoCount += 1;
      }
    };
    for (const [mi, [moduleTitle, moduleDescription, topics]] of course.modules.entries()) {
      const module = insert(null, 'folder', moduleTitle, moduleDescription, mi + 1);
      for (const [ti, [topicTitle, topicDescription, concepts]] of topics.entries()) {
        if (course.hasOnlyVideos) {
          addVideos(module, topicTitle, 1, mi === 0 && ti === 0);
          continue;
        }
        const topic = insert(module, 'folder', topicTitle, topicDescription, ti + 1);
        for (const [ki, conceptTitle] of concepts.entries()) {
          const concept = insert(topic, 'folder', conceptTitle, '', ki + 1);
          addVideos(concept, conceptTitle, 1 + ((ci + ti + ki) % 2), mi === 0 && ti === 0 && ki === 0);
        }
      }
    }
  }
  const column = (rows: unknown[][], i: number) => rows.map((row) => row[i]);
  await q.query(
    `INSERT INTO courses (id, name, description, language, course_fee, modules_skippable, has_only_videos, status, thumbnail_url, sequence,
       created_at, updated_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::bool[], $7::bool[], $8::text[], $9::text[],
       $10::int[], $11::timestamptz[], $12::timestamptz[])`,
    Array.from({ length: 12 }, (_, i) => column(courseRows, i)),
  );
  // Parents come before their children in the list, and the foreign key is checked at the statement's end.
  await q.query(
    `INSERT INTO documents (id, course_id, parent_id, type, title, description, free_to_watch, file_id, question_bank, depth, ancestors,
       sequence, created_at, updated_at)
     SELECT id, course_id, parent_id, type, title, description, free_to_watch, file_id, question_bank, depth, ancestors, sequence, at, at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bool[], $8::text[], $9::jsonb[], $10::int[],
         $11::jsonb[], $12::int[], $13::timestamptz[])
         AS r(id, course_id, parent_id, type, title, description, free_to_watch, file_id, question_bank, depth, ancestors, sequence, at)`,
    Array.from({ length: 13 }, (_, i) => column(docRows, i)),
  );
  return { courses: DEMO_COURSES.length, videos: videoCount };
}

export const BENCH_COURSE = { name: 'Benchmark course', bigFolder: 'A folder of many videos', manyTopics: 'A module of many topics' } as const;

/**
 * A course for the table benchmark: a module holding `files` videos (a folder of 5,000
 * documents) and a module of `topics` topics (1,000), inserted set-based. Needs the library seeded.
 * Returns the two module ids.
 */
export async function seedBenchCourse(
  db: Db,
  { files = 5000, topics = 1000, now = new Date() }: { files?: number; topics?: number; now?: Date } = {},
): Promise<{ courseId: string; bigFolderId: string; manyTopicsId: string }> {
  return db.transaction(async (tx) => {
    const library = (await tx.query<{ id: string }>(`SELECT id FROM library_files ORDER BY file_id`)).map((r) => r.id);
    if (library.length === 0) throw new Error('Seed the library first (seed --demo).');
    const courseId = randomUUID();
    const bigFolderId = randomUUID();
    const manyTopicsId = randomUUID();
    const at = now.toISOString();
    await tx.query(
      `INSERT INTO courses (id, name, description, language, course_fee, modules_skippable, has_only_videos, status, thumbnail_url, sequence,
         created_at, updated_at)
       VALUES ($1, $2, 'Large folders for the table benchmark.', 'English', 0, false, false, 'draft',
         'https://media.example.com/thumbnails/bench-800.jpg', (SELECT coalesce(max(sequence), 0) + 1 FROM courses), $3, $3)`,
      [courseId, BENCH_COURSE.name, at],
    );
    for (const [i, [id, title]] of [[bigFolderId, BENCH_COURSE.bigFolder], [manyTopicsId, BENCH_COURSE.manyTopics]].entries()) {
      await tx.query(
        `INSERT INTO documents (id, course_id, parent_id, type, title, description, depth, ancestors, sequence, created_at, updated_at)
         VALUES ($1, $2, NULL, 'folder', $3, '', 1, '[]'::jsonb, $4, $5, $5)`,
        [id, courseId, title, i + 1, at],
      );
    }
    await tx.query(
      `INSERT INTO documents (id, course_id, parent_id, type, title, description, file_id, depth, ancestors, sequence, created_at, updated_at)
       SELECT gen_random_uuid()::text, $1, $2, 'file', 'Video ' || g, 'Generated for the benchmark', ($3::text[])[1 + g % $4], 2,
              jsonb_build_array($2::text), g, $5::timestamptz - g * interval '1 minute', $5::timestamptz - g * interval '1 minute'
         FROM generate_series(1, $6::int) AS g`,
      [courseId, bigFolderId, library, library.length, at, files],
    );
    await tx.query(
      `INSERT INTO documents (id, course_id, parent_id, type, title, description, depth, ancestors, sequence, created_at, updated_at)
       SELECT gen_random_uuid()::text, $1, $2, 'folder', 'Topic ' || g, 'Generated for the benchmark', 2, jsonb_build_array($2::text), g,
              $3::timestamptz, $3::timestamptz
         FROM generate_series(1, $4::int) AS g`,
      [courseId, manyTopicsId, at, topics],
    );
    return { courseId, bigFolderId, manyTopicsId };
  });
}
