import type { Db } from './db';
import { seedAdmins } from './admin-auth/seed';
import { seedQuestionBank } from './question-bank/seed';
import { seedLibrary, seedQuotes } from './library/seed';
import { seedCourses } from './video-repository/seed';
import { seedLearners } from './user-app/seed';
import { seedMentorship } from './mentorship/seed';

export { DEMO_ADMIN, seedAdmins } from './admin-auth/seed';
export { seedManyLearners } from './user-app/seed';
export { DEMO_CATEGORIES, DEMO_QUESTION_COUNT, questionAt, seedManyQuestions, seedQuestionBank } from './question-bank/seed';

/**
 * Realistic demo content, one function per service (`server/<service>/seed.ts`), collected here.
 * Idempotent: running it twice adds nothing the second time.
 */
export async function seedDemo(
  db: Db,
  options: { now?: Date } = {},
): Promise<{ admins: number; categories: number; questions: number; resources: number; libraryFiles: number; quotes: number; tips: number; mentors: number; events: number; courses: number; learners: number }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => ({
    admins: await seedAdmins(tx, now),
    ...(await seedQuestionBank(tx, now)),
    libraryFiles: (await seedLibrary(tx, now)).files,
    ...(await seedQuotes(tx, now)),
    ...(await seedMentorship(tx, now)),
    // Courses point at library files and questions; learners at courses: keep this order.
    courses: (await seedCourses(tx, now)).courses,
    learners: (await seedLearners(tx, now)).learners,
  }));
}
