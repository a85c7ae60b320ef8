import { makeStyles, tokens } from '@fluentui/react-components';
import type { OrderConflict } from '../../shared/result';
import { ConfirmDialog } from '../components/ConfirmDialog';

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalS} 0`, paddingLeft: '24px', maxHeight: '280px', overflowY: 'auto' },
  mark: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** What changed between the order a person started from and the order on the server now, item by item. */
export function orderChanges(order: OrderConflict): { now: { id: string; label: string; mark: string | null }[]; gone: string[] } {
  const startedAt = new Map(order.started.map((item, i) => [item.id, i]));
  const nowIds = new Set(order.now.map((item) => item.id));
  // An item is moved when the items before it are not the ones before it at the start (its place among those both orders hold).
  const kept = order.started.filter((item) => nowIds.has(item.id)).map((item) => item.id);
  const keptNow = order.now.filter((item) => startedAt.has(item.id)).map((item) => item.id);
  const placeThen = new Map(kept.map((id, i) => [id, i]));
  const placeNow = new Map(keptNow.map((id, i) => [id, i]));
  return {
    now: order.now.map((item) => ({
      ...item,
      mark: !startedAt.has(item.id) ? 'new' : placeThen.get(item.id) !== placeNow.get(item.id) ? 'moved' : null,
    })),
    gone: order.started.filter((item) => !nowIds.has(item.id)).map((item) => item.label),
  };
}

/**
 * Someone else saved another order of this list since the person started reordering: the order on
 * the server now, what moved, came or went, and the choice: reload theirs, or save mine anyway.
 */
export function OrderConflictDialog({ order, onSaveMine, onReload }: { order: OrderConflict | null; onSaveMine: () => void; onReload: () => void }) {
  const styles = useStyles();
  const changes = order ? orderChanges(order) : { now: [], gone: [] };
  return (
    <ConfirmDialog
      open={order !== null}
      title="Someone else changed this order"
      text={
        <>
          Since you started reordering, someone else saved another order of this list. On the server it is now:
          <ol className={styles.list} aria-label="The order on the server now">
            {changes.now.map((item) => (
              <li key={item.id}>
                {item.label}
                {item.mark ? <span className={styles.mark}> ({item.mark})</span> : null}
              </li>
            ))}
          </ol>
          {changes.gone.length > 0 ? <p>No longer in this list: {changes.gone.join(', ')}.</p> : null}
          Reload to see their order, or save yours over it.
        </>
      }
      confirmLabel="Save my order anyway"
      cancelLabel="Reload their order"
      onConfirm={onSaveMine}
      onCancel={onReload}
    />
  );
}
