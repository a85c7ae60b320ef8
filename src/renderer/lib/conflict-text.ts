import type { Conflict } from '../../shared/result';
import { formatDateTime } from './format';

/** "Someone else changed ... by Asha Rao on 26/11/2026 10:12." where the record says so. */
export function changedBy(conflict: Conflict): string {
  if (conflict.current === null) return 'Someone else deleted this record since you opened it.';
  const who = conflict.by ? ` by ${conflict.by}` : '';
  const when = conflict.at ? ` on ${formatDateTime(conflict.at)}` : '';
  return `Someone else changed this record since you opened it${who}${when}.`;
}

