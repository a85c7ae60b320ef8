// Test fixtures of the library bulk rules (src/shared/batch.test.ts, src/main/local/batch.test.ts): a
// Public file and a Restricted one, as the library lists them.
import type { LibraryFile } from './schemas/library';

const AT = { at: '2026-11-26T10:00:00.000Z' };
export const PUBLIC_FILE: LibraryFile = {
  _id: 'f1', fileId: 1, title: 'Milking basics', description: 'How to milk.', language: 'English', visibility: 'Public',
  status: 'draft', level: 2, type: 'Interview', businessIdeas: ['i1'], category: ['c1'], keywords: ['k1'], source: '',
  fileType: 'link', fileUrl: 'https://media.example.com/milking.mp4', duration: 60, thumbnail: '', questionBank: [],
  metaInfo: { created: AT, updated: AT },
};
export const RESTRICTED_FILE: LibraryFile = { ...PUBLIC_FILE, _id: 'f2', title: 'Staff only', visibility: 'Restricted', status: '', level: 0, type: '' };
