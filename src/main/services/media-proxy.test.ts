import { describe, expect, it } from 'vitest';
import { PreviewProblems } from './media-proxy';
import { problemOfStatus } from '../../shared/preview-problems';

describe('PreviewProblems', () => {
  it('keeps the newest problems up to its limit, forgets one once its address plays', () => {
    const problems = new PreviewProblems(2);
    problems.record('a', problemOfStatus(404, 'cdn.example.in'));
    problems.record('b', problemOfStatus(410, 'cdn.example.in'));
    problems.record('c', problemOfStatus(403, 'cdn.example.in'));
    expect(problems.get('a')).toBeNull();
    expect(problems.get('b')).toEqual({ kind: 'expired', status: 410, host: 'cdn.example.in' });
    problems.record('b', null);
    expect(problems.get('b')).toBeNull();
    expect(problems.get('c')?.status).toBe(403);
  });

  it('reads statuses: 403, 404 and 410 expired; 401 signed out; 415 not media; others failed', () => {
    expect([403, 404, 410, 401, 415, 500].map((s) => problemOfStatus(s, 'h').kind)).toEqual(['expired', 'expired', 'expired', 'signedOut', 'notMedia', 'failed']);
  });
});
