import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionCreateSchema, EVENT_TITLE_PATTERN, eventJoinLinks, formatEventDuration, isEventDate, minutesBetween } from './sessions';

describe('the event form', () => {
  it('a thumbnail field emptied (a refused pick, a removal) is no thumbnail, not a refusal', () => {
    const issues = v.safeParse(SessionCreateSchema, { thumbnail: null }).issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.filter((i) => v.getDotPath(i) === 'thumbnail')).toEqual([]);
  });
});

describe('event helpers (spec 2 sections 5 and 9)', () => {
  it('dates are D-MM-YYYY and real days', () => {
    expect(isEventDate('5-03-2031')).toBe(true);
    expect(isEventDate('29-02-2028')).toBe(true);
    expect(isEventDate('29-02-2027')).toBe(false);
    expect(isEventDate('05-03-2031')).toBe(false);
    expect(isEventDate('5-3-2031')).toBe(false);
    expect(isEventDate('2031-03-05')).toBe(false);
  });

  it('the duration is the minutes from start to end', () => {
    expect(minutesBetween('10:15', '11:45')).toBe(90);
    expect(minutesBetween('11:00', '10:00')).toBe(-60);
    expect(minutesBetween('25:00', '26:00')).toBeNaN();
    expect([formatEventDuration(90), formatEventDuration(45), formatEventDuration(120)]).toEqual(['1 hr 30 min', '45 min', '2 hr']);
  });

  it('titles: letters of any script, digits and . _ : \' + - and space only', () => {
    for (const ok of ["Mentor's Q: pricing + margins_2031", 'सिलाई से कमाई: पहला ऑर्डर', 'பால் பண்ணை']) expect(EVENT_TITLE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['Sale!', 'A, B', 'x/y', 'Q&A', '50%']) expect(EVENT_TITLE_PATTERN.test(bad), bad).toBe(false);
  });

  it('one join link per role, from the meeting provider preview address', () => {
    expect(eventJoinLinks('https://meet.example.com/preview/', 'abc123', ['host', 'learner'])).toEqual([
      { role: 'host', url: 'https://meet.example.com/preview/abc123/host' },
      { role: 'learner', url: 'https://meet.example.com/preview/abc123/learner' },
    ]);
  });
});
