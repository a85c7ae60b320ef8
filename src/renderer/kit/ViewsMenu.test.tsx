import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SynonymGroup } from '../../shared/schemas/synonyms';
import { PreferencesSchema, type Preferences } from '../../shared/schemas/settings';
import { viewData, viewFileOf, viewLink } from '../../shared/named-views';
import * as v from 'valibot';
import { QueryClient } from '@tanstack/react-query';
import { callKey, callQuery } from '../lib/calls';
import { text } from './columns';
import { ListScreen } from './ListScreen';
import { fakeBridge, firstCells, renderUi } from '../test/render';

// The named views of a list screen, against a stand-in window.api that keeps the preferences as main
// does (the e2e walk runs them through the real main, on the Video Library with its server filters).

const GROUPS: SynonymGroup[] = [
  { _id: 's1', keyword: 'Milk', synonyms: ['doodh'], updatedAt: '2026-11-20T10:00:00.000Z' },
  { _id: 's2', keyword: 'Water', synonyms: ['paani'], updatedAt: '2026-11-21T10:00:00.000Z' },
];
const columns = () => [text<SynonymGroup>('keyword', 'Groups')];
const Synonyms = () => (
  <ListScreen title="Synonyms" list={callQuery('library.synonyms')} rowId={(r) => r._id} columns={columns} pageSize={20} pageSizes={[20]} emptyText="No synonym groups yet." />
);
const table = () => screen.getByRole('table', { name: 'Synonyms' });
const searchBox = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
const waterOnly = { name: 'Water only', table: { sort: null, filters: [], search: 'Water', pageSize: null, hidden: [], widths: {}, density: 'comfortable' as const }, serverFilters: null };

/** Main's preferences, kept in memory; the page's cache starts from them as the app's start does. */
function setUp(namedViews: Preferences['namedViews'] = {}, path = '/') {
  let prefs = v.parse(PreferencesSchema, { namedViews });
  const bridge = fakeBridge({
    'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
    'api:settings.preferences': () => ({ ok: true, data: prefs }),
    'api:settings.setPreferences': (patch) => ({ ok: true, data: (prefs = { ...prefs, ...(patch as Partial<Preferences>) }) }),
    'api:settings.setTableView': (input) => {
      const { table: key, view } = input as { table: string; view: Preferences['tables'][string] | null };
      prefs = { ...prefs, tables: { ...prefs.tables, ...(view ? { [key]: view } : {}) } };
      return { ok: true, data: prefs };
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(callKey('settings.preferences'), prefs);
  const rendered = renderUi(<Synonyms />, { path, client });
  return { ...rendered, bridge, prefs: () => prefs };
}

async function menu(user: ReturnType<typeof setUp>['user'], item: string) {
  await user.click(screen.getByRole('button', { name: 'Bookmarks' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('named views', () => {
  it('saves the current view under a name and applies it again', async () => {
    const { user, prefs } = setUp();
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    await user.type(searchBox(), 'Milk');
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk']));
    await menu(user, 'Save current view…');
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Milk only');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the view “Milk only”.')).toBeTruthy();
    await waitFor(() => expect(prefs().namedViews.Synonyms?.views.map((view) => [view.name, view.table.search])).toEqual([['Milk only', 'Milk']]));

    await user.clear(searchBox());
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    await menu(user, 'Milk only');
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk']));
    expect(searchBox().value).toBe('Milk');
  });

  it('a name already taken is refused and nothing is saved', async () => {
    const { user, bridge } = setUp({ Synonyms: { views: [waterOnly], defaultView: null } });
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    await menu(user, 'Save current view…');
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'water ONLY');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There is already a view named “water ONLY”.')).toBeTruthy();
    expect(bridge.inputsOf('api:settings.setPreferences')).toEqual([]);
  });

  it('the screen opens with its default view, and main keeps it as the view the screen was left in', async () => {
    const { prefs } = setUp({ Synonyms: { views: [waterOnly], defaultView: 'Water only' } });
    await waitFor(() => expect(firstCells(table())).toEqual(['Water']));
    expect(searchBox().value).toBe('Water');
    await waitFor(() => expect(prefs().tables.Synonyms).toEqual(waterOnly.table));
  });

  it("each of a view's buttons is named by its visible label, then the view (WCAG 2.5.3, label in name)", async () => {
    const { user } = setUp({ Synonyms: { views: [waterOnly], defaultView: null } });
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    await menu(user, 'Manage views…');
    const dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    const row = within(within(dialog).getByRole('list', { name: 'Views' })).getByRole('listitem');
    const buttons = within(row).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Rename', 'Export file', 'Copy link', 'Delete']);
    for (const b of buttons) expect(b.getAttribute('aria-label')).toBe(`${b.textContent} of Water only`.replace(/^(Rename|Delete) of /, '$1 '));
  });

  it('a deleted view is offered back in the dialog: Undo puts it where it was, as the default it was', async () => {
    const milkOnly = { ...waterOnly, name: 'Milk only', table: { ...waterOnly.table, search: 'Milk' } };
    const { user, prefs } = setUp({ Synonyms: { views: [waterOnly, milkOnly], defaultView: 'Water only' } });
    await waitFor(() => expect(firstCells(table())).toEqual(['Water']));
    await menu(user, 'Manage views…');
    const dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Water only' }));
    expect(within(dialog).getByText('Deleted the view “Water only”.')).toBeTruthy();
    await waitFor(() => expect(prefs().namedViews.Synonyms).toMatchObject({ views: [{ name: 'Milk only' }], defaultView: null }));
    expect((within(dialog).getByRole('radio', { name: 'The view it was last left in' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(prefs().namedViews.Synonyms).toMatchObject({ views: [{ name: 'Water only' }, { name: 'Milk only' }], defaultView: 'Water only' }));
    expect(within(dialog).queryByText('Deleted the view “Water only”.')).toBeNull();
    expect((within(dialog).getByRole('radio', { name: 'Water only' }) as HTMLInputElement).checked).toBe(true);
    // The last view deleted: the dialog stays, with its Undo.
    await user.click(within(dialog).getByRole('button', { name: 'Delete Milk only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Water only' }));
    await waitFor(() => expect(prefs().namedViews.Synonyms).toBeUndefined());
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(prefs().namedViews.Synonyms).toMatchObject({ views: [{ name: 'Water only' }], defaultView: 'Water only' }));
  });

  it('a pasted link of a view already saved applies it (no copy named "(2)"); another view of that name gets a free name; a bad link is refused in the box', async () => {
    const { user, prefs } = setUp({ Synonyms: { views: [waterOnly], defaultView: null } });
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    await menu(user, 'Open view link…');
    const dialog = await screen.findByRole('dialog', { name: 'Open view link' });
    const box = within(dialog).getByRole('textbox', { name: 'View link' });
    await user.type(box, 'https://example.com/view');
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(await within(dialog).findByText('This is not a view link: a view link starts with content-console://view?d=')).toBeTruthy();
    await user.clear(box);
    await user.click(box);
    await user.paste(viewLink(viewFileOf('Synonyms', '/', waterOnly)));
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Opened the view “Water only”.')).toBeTruthy();
    await waitFor(() => expect(firstCells(table())).toEqual(['Water']));
    expect(prefs().namedViews.Synonyms?.views.map((view) => view.name)).toEqual(['Water only']);
    // The menu says which view is applied.
    await user.click(screen.getByRole('button', { name: 'Bookmarks' }));
    expect((await screen.findByRole('menuitem', { name: /^Water only/ })).textContent).toBe('Water onlyApplied');
    await user.keyboard('{Escape}');
    // Changed since: no longer the view shown.
    await user.clear(searchBox());
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    await user.click(screen.getByRole('button', { name: 'Bookmarks' }));
    expect((await screen.findByRole('menuitem', { name: /^Water only/ })).textContent).toBe('Water only');
    await user.keyboard('{Escape}');

    // The same name with other content: kept beside it under a free name.
    await menu(user, 'Open view link…');
    const again = await screen.findByRole('dialog', { name: 'Open view link' });
    await user.click(within(again).getByRole('textbox', { name: 'View link' }));
    await user.paste(viewLink(viewFileOf('Synonyms', '/', { ...waterOnly, table: { ...waterOnly.table, search: 'Milk' } })));
    await user.click(within(again).getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Opened the view “Water only (2)”.')).toBeTruthy();
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk']));
    expect(prefs().namedViews.Synonyms?.views.map((view) => view.name)).toEqual(['Water only', 'Water only (2)']);
  });

  it("a view in the route (a content-console link main opened) is opened and saved", async () => {
    setUp({}, `/?view=${viewData(viewFileOf('Synonyms', '/', waterOnly))}`);
    expect(await screen.findByText('Opened the view “Water only”.')).toBeTruthy();
    await waitFor(() => expect(firstCells(table())).toEqual(['Water']));
  });

  it('a route view that does not read changes nothing and says why, once, as a damaged link', async () => {
    const { bridge } = setUp({}, '/?view=bm90IGEgdmlldw');
    expect(await screen.findByText('This view link is damaged or cut short. Copy the whole link again.')).toBeTruthy();
    expect(screen.getAllByText('This view link is damaged or cut short. Copy the whole link again.')).toHaveLength(1);
    await waitFor(() => expect(firstCells(table())).toEqual(['Milk', 'Water']));
    expect(bridge.inputsOf('api:settings.setPreferences')).toEqual([]);
  });
});
