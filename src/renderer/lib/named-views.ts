import type { QueryClient } from '@tanstack/react-query';
import { MAX_TABLE_VIEWS, type NamedView, type Preferences, type ScreenViews, type TableView } from '../../shared/schemas/settings';
import { callKey } from './calls';
import { changePreferences, usePreferences } from './preferences';

/**
 * A screen's named views, kept by main in its settings beside the kept table views (so they survive a
 * restart and never live in the page's storage). Pure helpers first, then the hook.
 */

export const NO_VIEWS: ScreenViews = { views: [], defaultView: null };

/** `name`, or `name (2)`, `name (3)`, ... : the first not taken (case-insensitive). */
export function freeName(views: readonly NamedView[], name: string): string {
  const taken = new Set(views.map((v) => v.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} (${n})`.toLowerCase())) return `${name} (${n})`;
}

export const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** JSON with every object's keys in order: two views compare by what they hold, not by how they were built. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) => (inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner));

/** Whether a saved view shows what `table` and `serverFilters` show (whatever its name). */
export const sameContent = (view: NamedView, table: TableView, serverFilters: NamedView['serverFilters'] | undefined): boolean =>
  stableJson(view.table) === stableJson(table) && stableJson(view.serverFilters ?? null) === stableJson(serverFilters ?? null);

/** Saved under `view.name`: a view of that name is replaced (in its place), else the view is added. */
export function withView(screen: ScreenViews, view: NamedView): ScreenViews {
  const at = screen.views.findIndex((v) => sameName(v.name, view.name));
  const views = at < 0 ? [...screen.views, view] : screen.views.map((v, i) => (i === at ? view : v));
  return { ...screen, views };
}

export function renamed(screen: ScreenViews, from: string, to: string): ScreenViews {
  return {
    views: screen.views.map((v) => (v.name === from ? { ...v, name: to } : v)),
    defaultView: screen.defaultView === from ? to : screen.defaultView,
  };
}

export function withoutView(screen: ScreenViews, name: string): ScreenViews {
  return { views: screen.views.filter((v) => v.name !== name), defaultView: screen.defaultView === name ? null : screen.defaultView };
}

/** A deleted view back where it was (at `index`), and the screen's default again if it was that. */
export function restoredView(screen: ScreenViews, deleted: { view: NamedView; index: number; wasDefault: boolean }): ScreenViews {
  const { view, index, wasDefault } = deleted;
  const kept = screen.views.some((v) => sameName(v.name, view.name)) ? withView(screen, view) : { ...screen, views: [...screen.views.slice(0, index), view, ...screen.views.slice(index)] };
  return wasDefault ? { ...kept, defaultView: view.name } : kept;
}

/** The view a screen opens with, if one is set as its default. */
export const defaultOf = (screen: ScreenViews | undefined): NamedView | null => (screen?.defaultView ? (screen.views.find((v) => v.name === screen.defaultView) ?? null) : null);

/** The named views stored for `key` now (main sent the preferences before the first screen). */
export const storedViews = (client: QueryClient, key: string): ScreenViews | undefined => client.getQueryData<Preferences>(callKey('settings.preferences'))?.namedViews?.[key];

/** Makes `view` the table's kept view of `key`: the table reads it when it mounts; main keeps it. */
export function keepTableView(client: QueryClient, key: string, view: TableView, store: boolean): void {
  const change = (old: Preferences): Preferences => ({ ...old, tables: { ...old.tables, [key]: view } });
  if (store) changePreferences(client, change, () => window.api.settings.setTableView({ table: key, view }));
  else client.setQueryData<Preferences>(callKey('settings.preferences'), (old) => (old ? change(old) : old));
}

/** The named views of the screen `key`, and their change (kept by main). */
export function useScreenViews(key: string): { screen: ScreenViews; save: (next: ScreenViews) => void } {
  const { value, update } = usePreferences('namedViews');
  const all = value ?? {};
  return {
    screen: all[key] ?? NO_VIEWS,
    save: (next) => {
      const rest = Object.entries(all).filter(([k]) => k !== key);
      // A screen with no views and no default is forgotten; the screens touched longest ago give way
      // past the bound.
      const kept = next.views.length > 0 || next.defaultView ? [...rest, [key, next] as const] : rest;
      update({ namedViews: Object.fromEntries(kept.slice(Math.max(0, kept.length - MAX_TABLE_VIEWS))) });
    },
  };
}
