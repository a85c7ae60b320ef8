import { useEffect, useRef } from 'react';
import { useNotify } from '../../components/toast';
import { endsToSay, useActionWork } from '../../lib/background-work';
import { useUndo } from '../../kit/undo';
import { endToasts } from '../../kit/useBulk';

/**
 * Says the end of each bulk action in toasts, once, whichever screen shows: when its screen closes the
 * summary, or when it ends after its screen was left (the screen's own toasts went with it). Mounted
 * once, inside the UndoProvider (its success toast offers Undo).
 */
export function ActionEndToasts(): null {
  const { offerUndo } = useUndo();
  const notify = useNotify();
  const latest = useRef({ offerUndo, notify });
  latest.current = { offerUndo, notify };
  useEffect(() => {
    const say = () => {
      const due = endsToSay(useActionWork.getState().actions);
      if (due.length === 0) return;
      // Marked first: the store's change calls this again, which must find nothing left to say.
      useActionWork.getState().markSaid(due.map((a) => a.batch));
      for (const work of due) {
        const { done, failed } = endToasts(work, work.ending!);
        if (done) void latest.current.offerUndo({ message: done.text, batch: work.batch, timeout: done.timeout });
        if (failed) latest.current.notify.error(failed);
      }
    };
    say();
    return useActionWork.subscribe(say);
  }, []);
  return null;
}
