import { describe, expect, it } from 'vitest';
import { VIEW_TEXT, readViewData, readViewLink, readViewText, viewFileOf, viewFileText, viewLink, viewRoute } from './named-views';

const view = {
  name: 'Live Hindi — लाइव',
  table: { sort: { id: 'title', desc: true }, filters: [], search: 'yoga', pageSize: 50, hidden: ['type'], widths: { title: 300 }, density: 'compact' as const },
  serverFilters: { status: 'live', language: 'Hindi' },
};
const file = viewFileOf('Video Library', '/library', view);

describe('a named view as a file and a link', () => {
  it('reads back what it wrote, Indian scripts included', () => {
    expect(readViewText(viewFileText(file))).toEqual({ ok: true, file });
    const link = viewLink(file);
    expect(link).toMatch(/^content-console:\/\/view\?d=[A-Za-z0-9_-]+$/);
    expect(readViewLink(`  ${link}\n`)).toEqual({ ok: true, file });
    expect(viewRoute(file)).toBe(`/library?view=${link.slice('content-console://view?d='.length)}`);
  });

  it('fills what an older file left out with the defaults', () => {
    const text = JSON.stringify({ format: 'content-console-view', version: 1, screen: 'Admins', path: '/admins', view: { name: 'Mine', table: { search: 'a' } } });
    expect(readViewText(text)).toEqual({
      ok: true,
      file: { format: 'content-console-view', version: 1, screen: 'Admins', path: '/admins', view: { name: 'Mine', table: { sort: null, filters: [], search: 'a', pageSize: null, hidden: [], widths: {}, density: 'comfortable' }, serverFilters: null } },
    });
  });

  it('refuses anything else with a clear message', () => {
    expect(readViewText('not json')).toEqual({ ok: false, message: VIEW_TEXT.notJson });
    expect(readViewText('{"format":"something"}')).toEqual({ ok: false, message: 'This is not a Content Console view.' });
    expect(readViewText(JSON.stringify({ ...file, version: 2 }))).toEqual({ ok: false, message: 'This view was made by a newer Content Console.' });
    expect(readViewText(JSON.stringify({ ...file, view: { ...view, name: '  ' } }))).toEqual({ ok: false, message: `${VIEW_TEXT.unreadable} Enter a name for the view.` });
    expect(readViewText(JSON.stringify({ ...file, view: { ...view, table: { ...view.table, widths: { title: 5 } } } }))).toEqual({ ok: false, message: `${VIEW_TEXT.unreadable} Title: too small: at least 48.` });
    expect(readViewText(JSON.stringify({ ...file, path: 'https://evil.example/' }))).toEqual({ ok: false, message: `${VIEW_TEXT.unreadable} The screen address is not one of this app.` });
    expect(readViewText(' '.repeat(100_001))).toEqual({ ok: false, message: VIEW_TEXT.tooLarge });
    expect(readViewLink('https://example.com/view?d=abc')).toEqual({ ok: false, message: VIEW_TEXT.notLink });
    // A link that starts right but whose payload was cut or changed: said as a damaged link, not a file.
    expect(readViewLink('content-console://view?d=%%%')).toEqual({ ok: false, message: VIEW_TEXT.damagedLink });
    expect(readViewData('aGVsbG8')).toEqual({ ok: false, message: VIEW_TEXT.damagedLink });
  });
});
