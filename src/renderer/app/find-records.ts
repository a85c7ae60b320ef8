import { useEffect, useState } from 'react';
import type { FindAnswer } from '../../shared/find';
import { registerScreenPaths, useOpenRecord } from '../lib/open-record';
import { AREAS } from './areas';
import type { PaletteItem } from './CommandPalette';

registerScreenPaths(AREAS.map((area) => [area.label, area.path] as const));

/** While a list loads in the background, the palette asks again this often. */
const POLL_MS = 400;

/** What the palette says of lists it could not search yet. */
export function findNotice(answer: Pick<FindAnswer, 'loading' | 'failed'> | null): string | null {
  if (!answer) return null;
  const parts = [
    ...(answer.loading.length > 0 ? [`${answer.loading.join(', ')} not loaded yet: loading in the background.`] : []),
    ...answer.failed.map((f) => `${f.screen} could not be searched: ${f.message}`),
  ];
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Find anything: the records main finds for the palette's text (src/shared/find.ts), as palette items
 * that open the record selected on its screen; recent ones come first (and alone, with no text).
 */
export function useFoundRecords(text: string): { items: PaletteItem[]; notice: string | null } {
  const open = useOpenRecord();
  const [answer, setAnswer] = useState<FindAnswer | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void window.api.find.records({ text }).then((result) => {
      if (!live) return;
      setAnswer(result.ok ? result.data : { found: [], loading: [], failed: [{ screen: 'Records', message: result.error.message }] });
    });
    return () => {
      live = false;
    };
  }, [text, tick]);
  const loading = (answer?.loading.length ?? 0) > 0;
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setTick((t) => t + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [loading, answer]);
  const items: PaletteItem[] = (answer?.found ?? []).map((found) => ({
    id: `record:${found.list}:${found.id}`,
    label: found.title,
    detail: found.detail,
    hint: found.recent ? `${found.screen} · recent` : found.screen,
    run: () => {
      void window.api.find.chosen({ list: found.list, id: found.id });
      open({ screen: found.screen, key: found.key, id: found.id });
    },
  }));
  return { items, notice: findNotice(answer) };
}
