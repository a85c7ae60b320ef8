import type { Migration } from '../db';

/** Mentorship: mentors (session users) and events (sessions); ids 60-69. */
export const MENTORSHIP_MIGRATIONS: readonly Migration[] = [
  {
    id: 60,
    name: 'mentorship: mentors (session users)',
    statements: [
      `CREATE TABLE session_users (
        id text PRIMARY KEY,
        user_no serial UNIQUE,
        name text NOT NULL CHECK (btrim(name) <> ''),
        designation text NOT NULL,
        keywords jsonb NOT NULL,
        mentor_bio text NOT NULL CHECK (char_length(mentor_bio) <= 1000),
        business_ideas jsonb NOT NULL,
        languages jsonb NOT NULL CHECK (jsonb_typeof(languages) = 'array' AND jsonb_array_length(languages) >= 1),
        email text NOT NULL,
        mobile_number text NOT NULL,
        organisation text NOT NULL,
        mentor_fee numeric(12, 2) NOT NULL CHECK (mentor_fee >= 0),
        internal_bio text NOT NULL DEFAULT '' CHECK (char_length(internal_bio) <= 1000),
        profile_stored text,
        profile_url text NOT NULL DEFAULT '',
        video_stored text,
        video_url text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        created_by text REFERENCES admins (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL,
        updated_by text REFERENCES admins (id) ON DELETE SET NULL
      )`,
      // One mentor per email, whatever its case.
      `CREATE UNIQUE INDEX session_users_email ON session_users (lower(email))`,
    ],
  },
  {
    id: 61,
    name: 'mentorship: events (sessions)',
    statements: [
      `CREATE TABLE sessions (
        id text PRIMARY KEY,
        session_no serial UNIQUE,
        -- The meeting room the join links open.
        session_id text NOT NULL UNIQUE,
        event_name text NOT NULL CHECK (btrim(event_name) <> '' AND char_length(event_name) <= 200),
        description text NOT NULL CHECK (char_length(description) <= 2000),
        keywords jsonb NOT NULL,
        business_ideas jsonb NOT NULL,
        language text NOT NULL,
        level integer NOT NULL CHECK (level BETWEEN 1 AND 7),
        event_date date NOT NULL,
        start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND end_time > start_time),
        duration integer NOT NULL CHECK (duration > 0),
        visibility text NOT NULL DEFAULT 'Public',
        thumbnail_stored text,
        thumbnail_url text NOT NULL DEFAULT '',
        attendees jsonb NOT NULL CHECK (jsonb_typeof(attendees) = 'array' AND jsonb_array_length(attendees) >= 1),
        email text NOT NULL DEFAULT '',
        mobile_number text NOT NULL DEFAULT '',
        organisation text NOT NULL DEFAULT '',
        designation text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        created_by text REFERENCES admins (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL,
        updated_by text REFERENCES admins (id) ON DELETE SET NULL
      )`,
      `CREATE INDEX sessions_date ON sessions (event_date, start_time)`,
    ],
  },
];
