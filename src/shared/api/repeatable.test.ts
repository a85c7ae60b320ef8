import { describe, expect, it } from 'vitest';
import { contract, type CallDef } from './index';

// Which writes main may send again (see CallDef.repeatable): decided entry by entry. A change to this
// list is a decision: a write that would be a second change when applied twice must never be here.
const REPEATABLE_WRITES = [
  'adminAuth.update',
  'library.updateMoment',
  'library.updateSynonyms',
  'library.updateTip',
  'questionBank.updateQuestion',
  'questionBank.updateResource',
  'videoRepository.courseSequence',
  'videoRepository.reorderDocuments',
  'videoRepository.topicSequence',
  'videoRepository.updateDocument',
  'videoRepository.updateTranscript',
  'videoRepository.videoQuestions',
  'videoRepository.videoSequence',
];

const entries = Object.entries(contract).flatMap(([group, calls]) => Object.entries(calls as Record<string, CallDef>).map(([name, def]) => [`${group}.${name}`, def] as const));

describe('writes safe to repeat', () => {
  it('are exactly the listed ones', () => {
    expect(entries.filter(([, def]) => def.repeatable).map(([id]) => id).sort()).toEqual(REPEATABLE_WRITES);
  });

  it('are PUTs of a JSON body: never a create, a delete, or a multipart upload', () => {
    for (const [id, def] of entries.filter(([, d]) => d.repeatable)) {
      expect({ id, method: def.method, body: def.body }).toEqual({ id, method: 'PUT', body: 'json' });
    }
  });

  it('say nothing on reads (every GET is safe to repeat anyway)', () => {
    for (const [id, def] of entries.filter(([, d]) => d.method === 'GET')) expect({ id, repeatable: def.repeatable }).toEqual({ id, repeatable: undefined });
  });
});
