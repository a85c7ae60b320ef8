import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';

/** Library categories (`category.english`). */
const CATEGORIES = ['Agriculture', 'Retail', 'Food processing', 'Handicrafts', 'Services', 'Finance basics', 'Marketing', 'Digital skills'];

/**
 * Keyword groups with their synonyms (spec 2 synonym groups): the words learners search with, in
 * English and in the scripts of the platform's languages.
 */
const KEYWORD_GROUPS: [string, string[]][] = [
  ['dairy', ['milk', 'cattle', 'dudh', 'दूध', 'दुग्ध व्यवसाय', 'பால்']],
  ['tailoring', ['stitching', 'sewing', 'boutique', 'सिलाई', 'শেলাই']],
  ['kirana', ['grocery', 'general store', 'किराना दुकान', 'மளிகை']],
  ['loan', ['credit', 'mudra', 'finance', 'कर्ज', 'ऋण', 'ঋণ']],
  ['poultry', ['chicken', 'eggs', 'layer farm', 'मुर्गी पालन', 'கோழி வளர்ப்பு']],
  ['pricing', ['margin', 'cost', 'profit', 'नफा', 'किंमत']],
  ['social media', ['whatsapp', 'instagram', 'facebook']],
  ['bookkeeping', ['accounts', 'ledger', 'hisab', 'हिसाब', 'ಲೆಕ್ಕ']],
  ['motivation', ['inspiration', 'courage', 'प्रेरणा', 'हिम्मत', 'ಪ್ರೇರಣೆ']],
  ['savings', ['bachat', 'बचत', 'piggy bank', 'சேமிப்பு']],
  ['women entrepreneurs', ['self help group', 'SHG', 'महिला उद्यमी', 'মহিলা উদ্যোক্তা']],
];

/** ~15 business ideas (the business-ideas service's list). */
const BUSINESS_IDEAS = [
  'Dairy Farming', 'Tailoring Shop', 'Kirana Store', 'Poultry Farming', 'Mobile Repair Shop', 'Beauty Parlour',
  'Tiffin Service', 'Goat Farming', 'Organic Vegetable Farming', 'Papad and Pickle Making', 'Handloom Weaving',
  'Tea Stall', 'Photocopy and Printing Shop', 'Mushroom Cultivation', 'Candle Making', 'Bakery',
];

interface DemoFile {
  title: string;
  description: string;
  language: string;
  visibility: 'Public' | 'Restricted';
  status: string;
  level: number;
  type: string;
  ideas: number[];
  categories: number[];
  keywords: number[];
  url: string;
  duration: number;
  moments?: [string, string, string][];
  transcripts?: [string, string][];
}

const FILES: DemoFile[] = [
  {
    title: 'Starting a dairy with two cows', description: 'How to plan feed, shed and milk sales for a small dairy.', language: 'Hindi',
    visibility: 'Public', status: 'live', level: 1, type: 'Informative/educational', ideas: [0], categories: [0], keywords: [0, 3],
    url: 'https://media.example.com/videos/dairy-two-cows.mp4', duration: 754,
    moments: [['00:00:30', 'Choosing the breed', 'Pick a breed that suits your climate and budget.'], ['00:04:10', 'Feed costs', 'Green fodder and concentrate: what a day costs.']],
    transcripts: [['00:00:00', 'Namaste, aaj hum dairy ke baare mein baat karenge.'], ['00:00:30', 'Sabse pehle nasl chuniye.'], ['00:04:10', 'Chaare ka kharcha samjhiye.']],
  },
  {
    title: 'Pricing your tailoring work', description: 'Cost of thread, time and rent: set prices that leave a margin.', language: 'English',
    visibility: 'Public', status: 'live', level: 2, type: 'Knowledge sharing', ideas: [1], categories: [4, 6], keywords: [1, 5],
    url: 'https://media.example.com/videos/tailoring-pricing.mp4', duration: 512,
    moments: [['00:01:00', 'Counting your time', 'Write down how long each garment takes.']],
    transcripts: [['00:00:00', 'Welcome. Today we price a blouse stitching job.'], ['00:01:00', 'First, count your time.']],
  },
  {
    title: 'Kirana store stock walkthrough', description: 'A shop owner shows how she tracks fast-moving stock.', language: 'Marathi',
    visibility: 'Public', status: 'draft', level: 3, type: 'Demo/Walkthrough', ideas: [2], categories: [1], keywords: [2, 7],
    url: 'https://media.example.com/videos/kirana-stock.mp4', duration: 1320,
  },
  {
    title: 'Interview: from 50 hens to 2000', description: 'A poultry farmer from Namakkal on growing step by step.', language: 'Tamil',
    visibility: 'Public', status: 'live', level: 4, type: 'Interview', ideas: [3], categories: [0], keywords: [4],
    url: 'https://media.example.com/videos/poultry-interview.mp4', duration: 2405,
  },
  {
    title: 'Mudra loan documents checklist', description: 'Which papers to carry to the bank for a Mudra loan.', language: 'Bengali',
    visibility: 'Restricted', status: '', level: 0, type: 'Informative/educational', ideas: [], categories: [5], keywords: [3],
    url: 'https://media.example.com/videos/mudra-checklist.mp4', duration: 380,
  },
  {
    title: 'Selling on WhatsApp', description: 'Catalogues, status updates and taking orders on WhatsApp.', language: 'Kannada',
    visibility: 'Public', status: 'hidden', level: 2, type: 'Demo/Walkthrough', ideas: [6, 11, 15], categories: [6, 7], keywords: [6],
    url: 'https://media.example.com/videos/whatsapp-selling.mp4', duration: 640,
  },
  {
    title: 'Daily bookkeeping in ten minutes', description: 'A simple ledger for cash in, cash out and credit.', language: 'Gujarati',
    visibility: 'Public', status: 'live', level: 1, type: 'Knowledge sharing', ideas: [2, 4, 12], categories: [5], keywords: [7],
    url: 'https://media.example.com/videos/bookkeeping-10-min.mp4', duration: 598,
  },
  {
    title: 'Mushroom cultivation in a small room', description: 'Oyster mushrooms: bags, humidity and harvest.', language: 'Odia',
    visibility: 'Public', status: 'live', level: 5, type: 'Informative/educational', ideas: [13], categories: [0], keywords: [5],
    url: 'https://media.example.com/videos/mushroom-room.mp4', duration: 1105,
  },
];

const toSeconds = (t: string) => t.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);

/** Library demo content: categories, keyword groups, business ideas, link files, moments, transcripts. Idempotent. */
export async function seedLibrary(q: Queryable, now: Date): Promise<{ files: number }> {
  const [existing] = await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM library_categories`);
  if (Number(existing?.n ?? 0) > 0) return { files: 0 };
  const at = now.toISOString();
  const categoryIds = CATEGORIES.map(() => randomUUID());
  for (const [i, english] of CATEGORIES.entries()) await q.query(`INSERT INTO library_categories (id, english) VALUES ($1, $2)`, [categoryIds[i], english]);
  const keywordIds = KEYWORD_GROUPS.map(() => randomUUID());
  for (const [i, [keyword, synonyms]] of KEYWORD_GROUPS.entries()) {
    await q.query(`INSERT INTO synonym_groups (id, keyword, synonyms, updated_at) VALUES ($1, $2, $3::jsonb, $4)`, [keywordIds[i], keyword, JSON.stringify(synonyms), at]);
  }
  const ideaIds = BUSINESS_IDEAS.map(() => randomUUID());
  for (const [i, idea] of BUSINESS_IDEAS.entries()) await q.query(`INSERT INTO business_ideas (id, in_english, position) VALUES ($1, $2, $3)`, [ideaIds[i], idea, i]);

  for (const [i, file] of FILES.entries()) {
    const id = randomUUID();
    const created = new Date(now.getTime() - (FILES.length - i) * 86_400_000).toISOString();
    await q.query(
      `INSERT INTO library_files (id, title, description, language, visibility, status, level, type, business_ideas, category,
         keywords, source, file_type, file_url, duration, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb, $12, 'link', $13, $14, $15, $15)`,
      [
        id, file.title, file.description, file.language, file.visibility, file.status, file.level, file.type,
        JSON.stringify(file.ideas.map((n) => ideaIds[n])), JSON.stringify(file.categories.map((n) => categoryIds[n])),
        JSON.stringify(file.keywords.map((n) => keywordIds[n])), 'Field team', file.url, file.duration, created,
      ],
    );
    for (const [timestamp, description, transcript] of file.moments ?? []) {
      await q.query(`INSERT INTO video_moments (id, file_id, timestamp, description, transcript, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        randomUUID(), id, timestamp, description, transcript, created,
      ]);
    }
    for (const [timeStamp, captionText] of file.transcripts ?? []) {
      await q.query(
        `INSERT INTO transcripts (id, video_id, time_stamp, seconds, caption_text, language, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), id, timeStamp, toSeconds(timeStamp), captionText, file.language, created],
      );
    }
  }
  return { files: FILES.length };
}

/** Motivational quotes: title, language, groups (keyword names), image link. */
const QUOTES: [string, string, string[], string][] = [
  ['Start small, but start today.', 'English', ['motivation'], 'start-small.jpg'],
  ['छोटी शुरुआत से ही बड़ा कारोबार बनता है।', 'Hindi', ['motivation', 'women entrepreneurs'], 'chhoti-shuruaat.jpg'],
  ['रोज थोडी बचत, उद्याची मोठी ताकद.', 'Marathi', ['savings'], 'roj-bachat.jpg'],
  ['உழைப்பே உயர்வு தரும்.', 'Tamil', ['motivation'], 'uzhaippe.jpg'],
  ['হিসাব রাখলে ব্যবসা বাড়ে।', 'Bengali', ['bookkeeping'], 'hisab-rakhle.jpg'],
  ['Your customer is your best advertisement.', 'English', ['social media', 'pricing'], 'best-advertisement.jpg'],
  ['ಸಣ್ಣ ಹೆಜ್ಜೆಗಳು ದೊಡ್ಡ ಗುರಿ ತಲುಪಿಸುತ್ತವೆ.', 'Kannada', ['motivation'], 'sanna-hejje.jpg'],
];

/** Daily tips: groups, business ideas (by index into BUSINESS_IDEAS), rows of language and text. */
const TIPS: [string[], number[], [string, string][]][] = [
  [['bookkeeping'], [2, 12], [
    ['English', 'Write down every sale before you close the shop for the day.'],
    ['Hindi', 'दुकान बंद करने से पहले दिन की हर बिक्री लिख लें।'],
    ['Gujarati', 'દુકાન બંધ કરતાં પહેલાં દિવસનું દરેક વેચાણ લખી લો.'],
  ]],
  [['dairy'], [0], [
    ['Hindi', 'पशुओं को रोज़ साफ़ पानी दें: दूध बढ़ता है।'],
    ['Marathi', 'जनावरांना रोज स्वच्छ पाणी द्या: दूध वाढते.'],
  ]],
  [['savings', 'loan'], [1, 5], [
    ['English', 'Keep your business money and home money in separate pouches.'],
    ['Tamil', 'வியாபாரப் பணத்தையும் வீட்டுப் பணத்தையும் தனித்தனியாக வையுங்கள்.'],
    ['Telugu', 'వ్యాపారం డబ్బు, ఇంటి డబ్బు వేర్వేరుగా ఉంచండి.'],
  ]],
  [['social media'], [6, 15], [
    ['English', 'Post a photo of your best product on WhatsApp status every morning.'],
  ]],
  [['pricing'], [3], [
    ['Bengali', 'দাম ঠিক করার আগে খরচের হিসাব করুন।'],
    ['Punjabi', 'ਕੀਮਤ ਤੈਅ ਕਰਨ ਤੋਂ ਪਹਿਲਾਂ ਖਰਚੇ ਦਾ ਹਿਸਾਬ ਲਗਾਓ।'],
  ]],
];

/** Quotes and daily tips, added over the last weeks by the demo admins. Idempotent. */
export async function seedQuotes(q: Queryable, now: Date): Promise<{ quotes: number; tips: number }> {
  const [existing] = await q.query<{ n: string | number }>(`SELECT (SELECT count(*) FROM quotes) + (SELECT count(*) FROM daily_tips) AS n`);
  if (Number(existing?.n ?? 0) > 0) return { quotes: 0, tips: 0 };
  const groups = new Map((await q.query<{ id: string; keyword: string }>(`SELECT id, keyword FROM synonym_groups`)).map((r) => [r.keyword, r.id]));
  const ideas = (await q.query<{ id: string }>(`SELECT id FROM business_ideas ORDER BY position`)).map((r) => r.id);
  const admins = (await q.query<{ id: string }>(`SELECT id FROM admins WHERE role IN ('Admin', 'Super Admin') ORDER BY added_at`)).map((r) => r.id);
  const by = (i: number) => admins[i % Math.max(admins.length, 1)] ?? null;
  const ids = (names: string[]) => JSON.stringify(names.map((name) => groups.get(name)).filter(Boolean));
  const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
  const total = QUOTES.length + TIPS.length;
  let step = 0;
  for (const [i, [title, language, keywords, image]] of QUOTES.entries()) {
    const at = day(total - step++);
    await q.query(
      `INSERT INTO quotes (id, title, language, keywords, thumbnail_url, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $6, $7)`,
      [randomUUID(), title, language, ids(keywords), `https://media.example.com/quotes/${image}`, at, by(i)],
    );
  }
  for (const [i, [keywords, ideaIndexes, rows]] of TIPS.entries()) {
    const id = randomUUID();
    const at = day(total - step++);
    await q.query(
      `INSERT INTO daily_tips (id, keywords, business_ideas, background_image, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $5, $6)`,
      [id, ids(keywords), JSON.stringify(ideaIndexes.map((n) => ideas[n]).filter(Boolean)), i % 2 === 0 ? `https://media.example.com/tips/background-${i + 1}.jpg` : '', at, by(i + 1)],
    );
    for (const [position, [language, text]] of rows.entries()) {
      await q.query(`INSERT INTO daily_tip_texts (id, tip_id, language, text, position, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        randomUUID(), id, language, text, position, at, by(i + 1),
      ]);
    }
  }
  return { quotes: QUOTES.length, tips: TIPS.length };
}
