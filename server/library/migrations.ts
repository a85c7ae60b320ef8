import type { Migration } from '../db';

/**
 * The library's tables (ids from 20: other domains take other ranges). Library categories are their
 * own small table (`{ _id, english }`), not the question bank's categories: the spec shows them as
 * `category.english`, a different shape, and the two lists are edited apart.
 */
export const LIBRARY_MIGRATIONS: readonly Migration[] = [
  {
    id: 20,
    name: 'library: categories, keyword groups, business ideas, files, moments, transcripts',
    statements: [
      `CREATE TABLE library_categories (
        id text PRIMARY KEY,
        english text NOT NULL
      )`,
      // Synonym groups (spec 2): the library's keywords are their keywords.
      `CREATE TABLE synonym_groups (
        id text PRIMARY KEY,
        keyword text NOT NULL,
        synonyms jsonb NOT NULL DEFAULT '[]'::jsonb,
        updated_at timestamptz NOT NULL
      )`,
      `CREATE UNIQUE INDEX synonym_groups_keyword ON synonym_groups (lower(keyword))`,
      `CREATE TABLE business_ideas (
        id text PRIMARY KEY,
        in_english text NOT NULL,
        position integer NOT NULL
      )`,
      `CREATE TABLE library_files (
        id text PRIMARY KEY,
        file_id serial UNIQUE,
        title text NOT NULL,
        description text NOT NULL,
        language text NOT NULL,
        visibility text NOT NULL CHECK (visibility IN ('Public', 'Restricted')),
        status text NOT NULL CHECK (status IN ('live', 'draft', 'hidden', '')),
        level integer NOT NULL CHECK (level BETWEEN 0 AND 7),
        type text NOT NULL,
        business_ideas jsonb NOT NULL,
        category jsonb NOT NULL,
        keywords jsonb NOT NULL,
        source text NOT NULL,
        file_type text NOT NULL CHECK (file_type IN ('link', 'audio', 'video', 'other')),
        file_url text NOT NULL,
        duration integer NOT NULL,
        stored_name text,
        file_name text,
        file_size bigint,
        thumbnail_stored text,
        question_bank jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
      `CREATE INDEX library_files_url ON library_files (file_url)`,
      `CREATE TABLE video_moments (
        id text PRIMARY KEY,
        file_id text NOT NULL REFERENCES library_files (id) ON DELETE CASCADE,
        timestamp text NOT NULL,
        description text NOT NULL,
        transcript text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX video_moments_file ON video_moments (file_id)`,
      `CREATE TABLE transcripts (
        id text PRIMARY KEY,
        video_id text NOT NULL REFERENCES library_files (id) ON DELETE CASCADE,
        time_stamp text NOT NULL,
        seconds double precision NOT NULL,
        caption_text text NOT NULL,
        language text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX transcripts_video ON transcripts (video_id, language, seconds)`,
    ],
  },
  {
    id: 21,
    name: 'library: quotes and daily tips',
    statements: [
      // Quotes and tips are one collection on the platform (GET /quotes lists both): one numbering.
      `CREATE SEQUENCE quote_numbers`,
      `CREATE TABLE quotes (
        id text PRIMARY KEY,
        quote_no integer NOT NULL DEFAULT nextval('quote_numbers') UNIQUE,
        title text NOT NULL CHECK (btrim(title) <> ''),
        language text NOT NULL,
        keywords jsonb NOT NULL,
        thumbnail_url text NOT NULL DEFAULT '',
        thumbnail_stored text,
        created_at timestamptz NOT NULL,
        created_by text REFERENCES admins (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL,
        updated_by text REFERENCES admins (id) ON DELETE SET NULL
      )`,
      `CREATE TABLE daily_tips (
        id text PRIMARY KEY,
        tip_no integer NOT NULL DEFAULT nextval('quote_numbers') UNIQUE,
        keywords jsonb NOT NULL,
        business_ideas jsonb NOT NULL,
        background_image text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        created_by text REFERENCES admins (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL,
        updated_by text REFERENCES admins (id) ON DELETE SET NULL
      )`,
      // A tip's language rows: each language once per tip, in the order they were written.
      `CREATE TABLE daily_tip_texts (
        id text PRIMARY KEY,
        tip_id text NOT NULL REFERENCES daily_tips (id) ON DELETE CASCADE,
        language text NOT NULL,
        text text NOT NULL CHECK (btrim(text) <> ''),
        position integer NOT NULL,
        UNIQUE (tip_id, language)
      )`,
    ],
  },
  {
    id: 22,
    name: 'library: client keys of uploads (bulk upload, exactly once)',
    statements: [
      // A client's idempotency key per created file: a repeated POST with the same key creates nothing.
      // Nullable (files made without one); PostgreSQL's unique index lets any number of NULLs through.
      `ALTER TABLE library_files ADD COLUMN client_key text`,
      `CREATE UNIQUE INDEX library_files_client_key ON library_files (client_key)`,
    ],
  },
  {
    id: 29,
    name: 'library: quotes and tips numbered apart; a tip language row keeps its own last change',
    statements: [
      // Each list's ids run 1, 2, 3 ... on their own screen (one shared sequence made a new quote 13
      // after 7): numbered again in their order, and a sequence each from there.
      `UPDATE quotes SET quote_no = -quote_no`,
      `UPDATE quotes q SET quote_no = r.n FROM (SELECT id, row_number() OVER (ORDER BY quote_no DESC) AS n FROM quotes) r WHERE q.id = r.id`,
      `UPDATE daily_tips SET tip_no = -tip_no`,
      `UPDATE daily_tips t SET tip_no = r.n FROM (SELECT id, row_number() OVER (ORDER BY tip_no DESC) AS n FROM daily_tips) r WHERE t.id = r.id`,
      `SELECT setval('quote_numbers', coalesce((SELECT max(quote_no) FROM quotes), 0) + 1, false)`,
      `CREATE SEQUENCE tip_numbers`,
      `SELECT setval('tip_numbers', coalesce((SELECT max(tip_no) FROM daily_tips), 0) + 1, false)`,
      `ALTER TABLE daily_tips ALTER COLUMN tip_no SET DEFAULT nextval('tip_numbers')`,
      // The table shows a row per language with its Updated On: editing one language moves only its own.
      `ALTER TABLE daily_tip_texts ADD COLUMN updated_at timestamptz, ADD COLUMN updated_by text REFERENCES admins (id) ON DELETE SET NULL`,
      `UPDATE daily_tip_texts x SET updated_at = t.updated_at, updated_by = t.updated_by FROM daily_tips t WHERE t.id = x.tip_id`,
      `ALTER TABLE daily_tip_texts ALTER COLUMN updated_at SET NOT NULL`,
    ],
  },
];
