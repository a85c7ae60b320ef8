import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { DISCARD_QUESTION, guardUnload } from './unload-guard';

// The Electron binary cannot run here: the webContents is an EventEmitter standing in for it.
function windowWith(answer: number) {
  const webContents = new EventEmitter();
  const asked: unknown[] = [];
  guardUnload({ webContents } as never, (options) => {
    asked.push(options);
    return answer;
  });
  const unload = () => {
    let allowed = false;
    webContents.emit('will-prevent-unload', { preventDefault: () => (allowed = true) });
    return allowed;
  };
  return { unload, asked };
}

describe('the unload guard', () => {
  it('Discard lets the window close or reload', () => {
    const { unload, asked } = windowWith(1);
    expect(unload()).toBe(true);
    expect(asked).toEqual([DISCARD_QUESTION]);
  });

  it('Keep editing (or closing the question) keeps the window and the form', () => {
    expect(windowWith(0).unload()).toBe(false);
    expect(DISCARD_QUESTION.buttons).toEqual(['Keep editing', 'Discard']);
    expect(DISCARD_QUESTION.cancelId).toBe(0);
  });
});
