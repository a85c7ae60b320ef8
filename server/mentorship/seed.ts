import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db';

interface DemoMentor {
  name: string;
  designation: string;
  organisation: string;
  email: string;
  mobile: string;
  languages: string[];
  groups: string[];
  /** Indexes into the business ideas, in their list order. */
  ideas: number[];
  fee: number;
  bio: string;
  internal: string;
  slug: string;
}

const MENTORS: DemoMentor[] = [
  {
    name: 'Lakshmi Narayanan', designation: 'Founder, dairy cooperative', organisation: 'Erode Milk Producers', email: 'lakshmi.n@mentors.example.com',
    mobile: '9443012345', languages: ['Tamil', 'English'], groups: ['dairy', 'loan'], ideas: [0, 7], fee: 0,
    bio: 'Runs a 300-member dairy cooperative and helps new dairies plan feed, sheds and milk collection.', internal: 'Prefers morning sessions.', slug: 'lakshmi',
  },
  {
    name: 'Sunita Devi', designation: 'Boutique owner', organisation: 'Sunita Silai Kendra', email: 'sunita.devi@mentors.example.com',
    mobile: '9835012345', languages: ['Hindi'], groups: ['tailoring', 'women entrepreneurs'], ideas: [1, 5], fee: 500,
    bio: 'सिलाई केंद्र चलाती हैं और 200 से अधिक महिलाओं को प्रशिक्षण दे चुकी हैं।', internal: '', slug: 'sunita',
  },
  {
    name: 'Rahul Patil', designation: 'Chartered accountant', organisation: 'Patil and Associates', email: 'rahul.patil@mentors.example.com',
    mobile: '9822012345', languages: ['Marathi', 'Hindi', 'English'], groups: ['bookkeeping', 'loan', 'savings'], ideas: [2, 12], fee: 1500,
    bio: 'Helps small shops keep simple books, file GST and prepare for a Mudra loan.', internal: 'Can take two sessions a month.', slug: 'rahul',
  },
  {
    name: 'Anjali Das', designation: 'Digital marketing consultant', organisation: 'Kolkata Small Business Forum', email: 'anjali.das@mentors.example.com',
    mobile: '9830012345', languages: ['Bengali', 'English'], groups: ['social media', 'pricing'], ideas: [6, 15], fee: 1000,
    bio: 'Shows first-time sellers how to use WhatsApp catalogues and Instagram to find customers.', internal: '', slug: 'anjali',
  },
  {
    name: 'Manjunath Gowda', designation: 'Poultry entrepreneur', organisation: 'Gowda Farms', email: 'manjunath.g@mentors.example.com',
    mobile: '9845012345', languages: ['Kannada', 'English'], groups: ['poultry', 'motivation'], ideas: [3, 13], fee: 300,
    bio: 'Grew from 50 hens to 5000 in six years; mentors farmers on vaccination and selling eggs.', internal: 'Travels in March.', slug: 'manjunath',
  },
];

interface DemoEvent {
  name: string;
  description: string;
  language: string;
  level: number;
  /** Days from today (negative: past). */
  day: number;
  start: string;
  end: string;
  groups: string[];
  ideas: number[];
  /** Indexes into MENTORS. */
  mentors: number[];
}

const EVENTS: DemoEvent[] = [
  { name: 'Dairy farming: first 100 days', description: 'Planning feed, shed and milk sales in the first three months.', language: 'Tamil', level: 1, day: 7, start: '10:00', end: '11:30', groups: ['dairy'], ideas: [0], mentors: [0] },
  { name: 'सिलाई से कमाई: पहला ऑर्डर', description: 'पहला ऑर्डर कैसे लें और दाम कैसे तय करें।', language: 'Hindi', level: 2, day: 3, start: '16:00', end: '17:00', groups: ['tailoring', 'pricing'], ideas: [1], mentors: [1] },
  { name: 'GST basics for kirana stores', description: 'Which shops need GST, how to register and what to file each month.', language: 'Marathi', level: 3, day: -5, start: '11:00', end: '12:15', groups: ['bookkeeping'], ideas: [2], mentors: [2] },
  { name: 'Selling on WhatsApp: questions and answers', description: 'Bring your questions on catalogues, status updates and payments.', language: 'Bengali', level: 2, day: 14, start: '18:30', end: '19:30', groups: ['social media'], ideas: [6, 15], mentors: [3, 2] },
  { name: 'Poultry: vaccination calendar', description: 'A month-by-month plan for a layer farm of 500 birds.', language: 'Kannada', level: 4, day: -12, start: '09:30', end: '10:45', groups: ['poultry'], ideas: [3], mentors: [4] },
];

const dayText = (date: Date): string => date.toISOString().slice(0, 10);
const minutes = (start: string, end: string) => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return m(end) - m(start);
};

/** Demo mentors and events (mentorship), in several languages. Idempotent. */
export async function seedMentorship(q: Queryable, now: Date): Promise<{ mentors: number; events: number }> {
  const [existing] = await q.query<{ n: string | number }>(`SELECT (SELECT count(*) FROM session_users) + (SELECT count(*) FROM sessions) AS n`);
  if (Number(existing?.n ?? 0) > 0) return { mentors: 0, events: 0 };
  const groups = new Map((await q.query<{ id: string; keyword: string }>(`SELECT id, keyword FROM synonym_groups`)).map((r) => [r.keyword, r.id]));
  const ideas = (await q.query<{ id: string }>(`SELECT id FROM business_ideas ORDER BY position`)).map((r) => r.id);
  const [admin] = await q.query<{ id: string }>(`SELECT id FROM admins WHERE role IN ('Admin', 'Super Admin') ORDER BY added_at LIMIT 1`);
  const by = admin?.id ?? null;
  const groupIds = (names: string[]) => JSON.stringify(names.map((n) => groups.get(n)).filter(Boolean));
  const ideaIds = (indexes: number[]) => JSON.stringify(indexes.map((n) => ideas[n]).filter(Boolean));
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();

  const mentorIds = MENTORS.map(() => randomUUID());
  for (const [i, m] of MENTORS.entries()) {
    await q.query(
      `INSERT INTO session_users (id, name, designation, keywords, mentor_bio, business_ideas, languages, email, mobile_number, organisation,
         mentor_fee, internal_bio, profile_url, video_url, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15, $16)`,
      [
        mentorIds[i], m.name, m.designation, groupIds(m.groups), m.bio, ideaIds(m.ideas), JSON.stringify(m.languages), m.email, m.mobile,
        m.organisation, m.fee, m.internal, `https://media.example.com/mentors/${m.slug}.jpg`, `https://media.example.com/mentors/${m.slug}-intro.mp4`,
        at(30 - i * 3), by,
      ],
    );
  }
  for (const [i, e] of EVENTS.entries()) {
    const first = MENTORS[e.mentors[0]!]!;
    await q.query(
      `INSERT INTO sessions (id, session_id, event_name, description, keywords, business_ideas, language, level, event_date, start_time,
         end_time, duration, attendees, email, mobile_number, organisation, designation, thumbnail_url, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $18, $19, $20, $19, $20)`,
      [
        randomUUID(), randomBytes(12).toString('hex'), e.name, e.description, groupIds(e.groups), ideaIds(e.ideas), e.language, e.level,
        dayText(new Date(now.getTime() + e.day * 86_400_000)), e.start, e.end, minutes(e.start, e.end),
        JSON.stringify(e.mentors.map((n) => mentorIds[n])), first.email, first.mobile, first.organisation, first.designation,
        `https://media.example.com/events/event-${i + 1}.jpg`, at(20 - i * 2), by,
      ],
    );
  }
  return { mentors: MENTORS.length, events: EVENTS.length };
}
