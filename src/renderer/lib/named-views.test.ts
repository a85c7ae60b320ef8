import { describe, expect, it } from 'vitest';
import type { NamedView } from '../../shared/schemas/settings';
import { defaultOf, freeName, renamed, restoredView, withView, withoutView } from './named-views';

const view = (name: string, search = ''): NamedView => ({ name, table: { sort: null, filters: [], search, pageSize: null, hidden: [], widths: {}, density: 'comfortable' }, serverFilters: null });

describe('a screen\'s named views', () => {
  it('a taken name gets the first free number, in any case', () => {
    expect(freeName([view('Live')], 'Mine')).toBe('Mine');
    expect(freeName([view('Live'), view('live (2)')], 'LIVE')).toBe('LIVE (3)');
  });
  it('saving a name again replaces that view in its place; rename and delete carry the default along', () => {
    const screen = { views: [view('A'), view('B')], defaultView: 'B' };
    expect(withView(screen, view('b', 'x')).views.map((v) => [v.name, v.table.search])).toEqual([['A', ''], ['b', 'x']]);
    expect(withView(screen, view('C')).views.map((v) => v.name)).toEqual(['A', 'B', 'C']);
    expect(renamed(screen, 'B', 'Bee')).toMatchObject({ views: [{ name: 'A' }, { name: 'Bee' }], defaultView: 'Bee' });
    expect(withoutView(screen, 'B')).toMatchObject({ views: [{ name: 'A' }], defaultView: null });
    expect(defaultOf(screen)?.name).toBe('B');
    expect(defaultOf({ views: [view('A')], defaultView: 'gone' })).toBeNull();
    expect(defaultOf(undefined)).toBeNull();
  });
  it('a deleted view comes back in its place, the default again if it was; a view of its name since is replaced', () => {
    const screen = { views: [view('A'), view('C')], defaultView: 'C' };
    expect(restoredView(screen, { view: view('B'), index: 1, wasDefault: false })).toMatchObject({ views: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], defaultView: 'C' });
    expect(restoredView(screen, { view: view('B'), index: 9, wasDefault: true })).toMatchObject({ views: [{ name: 'A' }, { name: 'C' }, { name: 'B' }], defaultView: 'B' });
    expect(restoredView(screen, { view: view('a', 'old'), index: 0, wasDefault: false }).views.map((v) => [v.name, v.table.search])).toEqual([['a', 'old'], ['C', '']]);
  });
});
