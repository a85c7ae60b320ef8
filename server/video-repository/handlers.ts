import { randomUUID } from 'node:crypto';
import { LANGUAGES } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import type { ServiceHandlers } from '../context';
import type { Queryable } from '../db';
import { HttpError } from '../http-error';
import { courseHandlers } from './courses';
import { documentHandlers } from './documents';
import { topicHandlers } from './topics';
import { videoHandlers } from './videos';

export const TRANSCRIPT_MESSAGES = {
  added: 'Transcript has been Added',
  updated: 'Transcript has been Updated',
  deleted: 'Transcript has been Deleted',
  imported: (n: number) => `${n} transcript lines have been imported`,
  notFound: 'Transcript not found. It may have been removed; reload the list.',
  videoNotFound: 'Video not found. It may have been removed; reload the list.',
} as const;

/** HH:mm:ss(.mmm) as seconds, for ordering. */
const secondsOf = (timeStamp: string): number => {
  const [h, m, s] = timeStamp.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

async function videoExists(q: Queryable, videoId: string): Promise<void> {
  const rows = await q.query(`SELECT 1 FROM library_files WHERE id = $1`, [videoId]);
  if (rows.length === 0) throw new HttpError(404, TRANSCRIPT_MESSAGES.videoNotFound);
}

interface TranscriptRow {
  id: string;
  video_id: string;
  time_stamp: string;
  caption_text: string;
  language: (typeof LANGUAGES)[number];
}

export const videoRepository: ServiceHandlers<'videoRepository'> = {
  // Courses, the directory, topics and videos: server/video-repository/.
  ...courseHandlers,
  ...documentHandlers,
  ...topicHandlers,
  ...videoHandlers,

  async languages() {
    return { languages: [...LANGUAGES] };
  },

  async transcripts({ videoId }, ctx) {
    await videoExists(ctx.db, videoId);
    const rows = await ctx.db.query<TranscriptRow>(`SELECT * FROM transcripts WHERE video_id = $1 ORDER BY seconds, created_at, id`, [videoId]);
    const present = new Set(rows.map((r) => r.language));
    return {
      transcripts: rows.map((r) => ({ _id: r.id, videoId: r.video_id, timeStamp: r.time_stamp, captionText: r.caption_text, language: r.language })),
      // The languages that have lines, in the platform's order (the screen's language chips).
      languages: LANGUAGES.filter((language) => present.has(language)),
    };
  },

  async addTranscript({ videoId, timeStamp, captionText, language }, ctx) {
    await videoExists(ctx.db, videoId);
    await ctx.db.query(
      `INSERT INTO transcripts (id, video_id, time_stamp, seconds, caption_text, language, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), videoId, timeStamp, secondsOf(timeStamp), captionText, language, ctx.now().toISOString()],
    );
    return { message: TRANSCRIPT_MESSAGES.added };
  },

  async updateTranscript({ id, timeStamp, captionText, language }, ctx) {
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<{ language: string }>(`SELECT language FROM transcripts WHERE id = $1`, [id]);
      if (!row) throw new HttpError(404, TRANSCRIPT_MESSAGES.notFound);
      if (language !== undefined && language !== row.language) throw new HttpError(400, MSG.cannotEditTranscriptLanguage);
      await tx.query(`UPDATE transcripts SET time_stamp = $2, seconds = $3, caption_text = $4 WHERE id = $1`, [id, timeStamp, secondsOf(timeStamp), captionText]);
      return { message: TRANSCRIPT_MESSAGES.updated };
    });
  },

  async deleteTranscript({ id }, ctx) {
    const rows = await ctx.db.query(`DELETE FROM transcripts WHERE id = $1 RETURNING id`, [id]);
    if (rows.length === 0) throw new HttpError(404, TRANSCRIPT_MESSAGES.notFound);
    return { message: TRANSCRIPT_MESSAGES.deleted };
  },

  async bulkTranscripts({ videoId, language, replace, entries }, ctx) {
    const now = ctx.now().toISOString();
    // One transaction: every line is stored, or none.
    await ctx.db.transaction(async (tx) => {
      await videoExists(tx, videoId);
      if (replace) await tx.query(`DELETE FROM transcripts WHERE video_id = $1 AND language = $2`, [videoId, language]);
      for (const entry of entries) {
        await tx.query(
          `INSERT INTO transcripts (id, video_id, time_stamp, seconds, caption_text, language, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [randomUUID(), videoId, entry.timeStamp, secondsOf(entry.timeStamp), entry.captionText, language, now],
        );
      }
    });
    return { message: TRANSCRIPT_MESSAGES.imported(entries.length), count: entries.length };
  },
};
