import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Preferences, TableView } from '../../../shared/schemas/settings';
import { callKey } from '../../lib/calls';
import { changePreferences } from '../../lib/preferences';

// A table's view kept by main across restarts, under the screen's key.

export const DEFAULT_TABLE_VIEW: TableView = { sort: null, filters: [], search: '', pageSize: null, hidden: [], widths: {}, density: 'comfortable' };

const SAVE_AFTER_MS = 400;

/** The view saved under `key`, read once when the table mounts (main sent the preferences before the first screen). */
export function useSavedTableView(key: string | undefined): TableView | null {
  const client = useQueryClient();
  const [saved] = useState<TableView | null>(() => (key ? (client.getQueryData<Preferences>(callKey('settings.preferences'))?.tables?.[key] ?? null) : null));
  return saved;
}

/**
 * Saves `view` under `key` a moment after its last change (a typed search is one write, not one per
 * key), and at once when the table goes away. A view back at the defaults is forgotten.
 */
export function useKeepTableView(key: string | undefined, view: TableView, saved: TableView | null, report?: { current: TableView | null }): void {
  const client = useQueryClient();
  // The view as it is now, for who saves it under a name.
  if (report) report.current = view;
  const pending = useRef<TableView | null>(null);
  const last = useRef(JSON.stringify(saved ?? DEFAULT_TABLE_VIEW));
  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (!key || !next) return;
    const isDefault = JSON.stringify(next) === JSON.stringify(DEFAULT_TABLE_VIEW);
    changePreferences(
      client,
      (old) => {
        const tables = { ...old.tables };
        if (isDefault) delete tables[key];
        else tables[key] = next;
        return { ...old, tables };
      },
      () => window.api.settings.setTableView({ table: key, view: isDefault ? null : next }),
    );
  }, [client, key]);

  const json = JSON.stringify(view);
  useEffect(() => {
    if (!key || json === last.current) return;
    last.current = json;
    pending.current = JSON.parse(json) as TableView;
    const timer = window.setTimeout(flush, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [key, json, flush]);
  useEffect(() => flush, [flush]);
}
