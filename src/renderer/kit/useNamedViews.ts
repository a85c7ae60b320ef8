import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { NamedView, TableView } from '../../shared/schemas/settings';
import { readViewData, viewRoute, type ViewFile } from '../../shared/named-views';
import { defaultOf, freeName, keepTableView, sameContent, sameName, storedViews, useScreenViews, withView } from '../lib/named-views';
import { useNotify } from '../components/toast';
import type { FilterValues } from './ServerFilterBar';

export interface NamedViewsState {
  /** The screen's key and route (what a shared view names). */
  screenKey: string;
  path: string;
  /** Grows when a view is applied: the table and the filter bar start again from it. */
  generation: number;
  /** The server filters applied (the filter bar's Submit, or a view's). */
  filters: FilterValues | null;
  setFilters: (filters: FilterValues | null) => void;
  /** The table's current view, as the table last reported it. */
  tableView: { current: TableView | null };
  /** The view as it is now, under a name. */
  current: (name: string) => NamedView | null;
  apply: (view: NamedView) => void;
  /** A shared view: saved among this screen's views (a free name) and applied, or opened on its own screen. */
  open: (file: ViewFile) => void;
}

/**
 * The named views of a list screen: the screen opens with its default view (over the view it was
 * last left in), a view is applied by starting the table and the filter bar again from it, and a
 * shared view arrives as the route's `?view=` (a `content-console://view` link main opened).
 */
export function useNamedViews(screenKey: string): NamedViewsState {
  const client = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { screen, save } = useScreenViews(screenKey);
  // Before the table's first render: the default view becomes the kept view the table starts from, in the
  // page's copy and in main's. Kept in the page's copy only, an answer to a preferences write arriving
  // between this render and the table's (React may yield between them) would put main's older view back:
  // a walk once saw the default's server filters over the table's last view.
  const [start] = useState(() => {
    const view = defaultOf(storedViews(client, screenKey));
    if (view) keepTableView(client, screenKey, view.table, true);
    return view;
  });
  const [filters, setFilters] = useState<FilterValues | null>(start?.serverFilters ?? null);
  const [generation, setGeneration] = useState(0);
  const tableView = useRef<TableView | null>(null);
  const applying = useRef<TableView | null>(null);

  const apply = useCallback(
    (view: NamedView) => {
      keepTableView(client, screenKey, view.table, false);
      applying.current = view.table;
      setFilters(view.serverFilters ?? null);
      setGeneration((g) => g + 1);
    },
    [client, screenKey],
  );
  // After the old table is gone (it saves its last view as it goes), the applied view is the kept one.
  useEffect(() => {
    const view = applying.current;
    if (!view) return;
    applying.current = null;
    keepTableView(client, screenKey, view, true);
  }, [client, screenKey, generation]);

  const latest = useRef({ screen, save });
  latest.current = { screen, save };
  const open = useCallback(
    (file: ViewFile) => {
      if (file.screen !== screenKey) {
        if (file.path !== location.pathname) navigate(viewRoute(file));
        else notify.error(`This view is for the ${file.screen} screen, not ${screenKey}.`);
        return;
      }
      const { screen: now, save: store } = latest.current;
      // The same view opened again (a link followed twice) is the one saved: applied, not copied as "(2)".
      const same = now.views.find((saved) => sameName(saved.name, file.view.name) && sameContent(saved, file.view.table, file.view.serverFilters));
      const view = same ?? { ...file.view, name: freeName(now.views, file.view.name) };
      if (!same) store(withView(now, view));
      apply(view);
      notify.success(`Opened the view “${view.name}”.`);
    },
    [screenKey, location.pathname, navigate, notify, apply],
  );

  // A shared view in the route: opened once, then taken out of the address.
  const shared = new URLSearchParams(location.search).get('view');
  // Once per link: the effect may run again before the address has lost it (said once, opened once).
  const handledShared = useRef<string | null>(null);
  useEffect(() => {
    if (!shared || handledShared.current === shared) return;
    handledShared.current = shared;
    const params = new URLSearchParams(location.search);
    params.delete('view');
    navigate({ pathname: location.pathname, search: params.size > 0 ? `?${params}` : '' }, { replace: true });
    const read = readViewData(shared);
    if (read.ok) open(read.file);
    else notify.error(read.message);
  }, [shared]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new shared view opens

  const current = useCallback((name: string): NamedView | null => (tableView.current ? { name, table: tableView.current, serverFilters: filters } : null), [filters]);
  return { screenKey, path: location.pathname, generation, filters, setFilters, tableView, current, apply, open };
}
