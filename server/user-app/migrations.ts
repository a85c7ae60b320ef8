import type { Migration } from '../db';

/**
 * Learners and their progress (ids 70-79: the user-app's range).
 *
 * `token` is the learner's app token: the platform's learner list hands it out (spec 1: userInfo.token)
 * and the progress calls authenticate with it, so it is kept as issued (it cannot be a hash).
 * `progress` and `module_id` are the list's currentProgress, kept up to date when progress is written
 * (by the seed here: the learner app is not part of this server).
 */
export const USER_APP_MIGRATIONS: readonly Migration[] = [
  {
    id: 70,
    name: 'user-app: learners and their video progress',
    statements: [
      `CREATE TABLE learners (
        id text PRIMARY KEY,
        mobile_number text NOT NULL UNIQUE,
        login_time timestamptz,
        preferred_language text NOT NULL,
        token text NOT NULL UNIQUE,
        course_id text REFERENCES courses (id) ON DELETE SET NULL,
        module_id text REFERENCES documents (id) ON DELETE SET NULL,
        progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE learner_progress (
        learner_id text NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
        video_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        start_time timestamptz NOT NULL,
        watch_time integer NOT NULL CHECK (watch_time >= 0),
        completed boolean NOT NULL,
        answers jsonb NOT NULL DEFAULT '[]'::jsonb,
        PRIMARY KEY (learner_id, video_id)
      )`,
      `CREATE INDEX learner_progress_video ON learner_progress (video_id)`,
    ],
  },
  {
    id: 71,
    name: 'user-app: the learner list in its order, by index',
    // GET /user-app/user streams learners from a cursor in this order: with the index the first rows
    // leave at once instead of after a sort of the whole table.
    statements: [`CREATE INDEX learners_list_order ON learners (login_time DESC NULLS LAST, mobile_number)`],
  },
];
