import { describe, expect, it } from 'vitest';
import type { BulkEvent } from '../../../shared/schemas/bulk';
import { DesktopBulkState, finishedNotice, shouldConfirmQuit } from './desktop';

const event = (active: boolean, finished = false, overall: Partial<BulkEvent['overall']> = {}): BulkEvent => ({
  status: { running: active, offline: false, concurrency: 2, active, notice: null },
  overall: { filesDone: 0, filesTotal: 3, bytesSent: 0, bytesTotal: 300, rate: 0, secondsLeft: null, needAttention: 0, ...overall },
  progress: [],
  changed: [],
  finished,
});

describe('the desktop shell over the bulk queue', () => {
  it('keeps the system awake exactly while uploads run', () => {
    const state = new DesktopBulkState();
    expect(state.next(event(true), 0).keepAwake).toBe('start');
    expect(state.next(event(true), 0.1).keepAwake).toBeNull();
    expect(state.next(event(false), -1).keepAwake).toBe('stop');
    expect(state.next(event(false), -1).keepAwake).toBeNull();
  });

  it('moves the progress bar in visible steps and removes it when nothing runs', () => {
    const state = new DesktopBulkState();
    expect(state.next(event(true), 0).progressBar).toBe(0);
    expect(state.next(event(true), 0.001).progressBar).toBeNull();
    expect(state.next(event(true), 0.02).progressBar).toBe(0.02);
    expect(state.next(event(true), 1).progressBar).toBe(1);
    expect(state.next(event(false), -1).progressBar).toBe(-1);
    expect(state.next(event(false), -1).progressBar).toBeNull();
  });

  it('notifies once when the queue finishes, saying what needs attention', () => {
    const state = new DesktopBulkState();
    expect(state.next(event(true), 0.5).notify).toBeNull();
    expect(state.next(event(false, true, { filesDone: 2, needAttention: 1 }), -1).notify).toEqual({
      title: 'Bulk upload finished',
      body: '2 of 3 files uploaded. 1 need attention.',
    });
    expect(finishedNotice(event(false, true, { filesDone: 1, filesTotal: 1 })).body).toBe('1 of 1 file uploaded.');
  });

  it('asks before quitting only while uploads run', () => {
    expect(shouldConfirmQuit(event(true).status)).toBe(true);
    expect(shouldConfirmQuit(event(false).status)).toBe(false);
  });
});
