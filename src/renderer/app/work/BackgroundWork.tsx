import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, CounterBadge, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncCircleRegular, DismissRegular } from '@fluentui/react-icons';
import { CancelImportQuestion, ImportProgress } from '../../features/courses/import/ImportProgress';
import { isRunning, runningCount, useActionWork, type WorkRow } from '../../lib/background-work';
import { callQuery, invoke } from '../../lib/calls';
import { useNotify } from '../../components/toast';
import { useFocusReturn } from '../../components/useFocusReturn';
import { WorkList, type WorkActions } from './WorkList';
import { useBackgroundWork } from './useBackgroundWork';

const useStyles = makeStyles({
  button: { position: 'relative' },
  badge: { position: 'absolute', top: '-2px', right: '-2px' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

const IMPORT_STATUS = callQuery('courseImport.status', {});

/** What the rows' buttons do: cancel (an import asks first), pause the queue, open Bulk Upload or the import's details. */
function useWorkActions(close: () => void) {
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const importStatus = useQuery(IMPORT_STATUS).data ?? null;
  const [cancelling, setCancelling] = useState(false);
  const [details, setDetails] = useState(false);
  const cancelImport = async () => {
    setCancelling(false);
    if (!importStatus) return;
    const answer = await invoke('courseImport.cancel', { importId: importStatus.importId });
    if (!answer.ok) notify.error(answer.error.message);
    else if (answer.data) client.setQueryData(IMPORT_STATUS.queryKey, answer.data);
  };
  const actions: WorkActions = {
    onCancel: (row: WorkRow) => {
      if (row.kind === 'import') setCancelling(true);
      // Stops starting records; those on their way finish, and the action's result says which did not run.
      else void window.api.batch.cancel({ batch: row.id.slice('action:'.length) });
    },
    onPause: () => void window.api.bulk.pause({}).then((answer) => !answer.ok && notify.error(answer.error.message)),
    onOpen: (row: WorkRow) => {
      if (row.kind === 'import') return setDetails(true);
      close();
      navigate('/bulk-upload');
    },
  };
  const dialogs = (
    <>
      <CancelImportQuestion open={cancelling} onConfirm={() => void cancelImport()} onCancel={() => setCancelling(false)} />
      {details && importStatus ? <ImportProgress first={importStatus} onClose={() => setDetails(false)} /> : null}
    </>
  );
  return { actions, dialogs };
}

function WorkPanel({ rows, open, onClose }: { rows: readonly WorkRow[]; open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const surface = useRef<HTMLDivElement>(null);
  // Closed, the panel leaves the page: the focus goes back to the toolbar button.
  useFocusReturn(open, surface);
  const { actions, dialogs } = useWorkActions(onClose);
  const clearFinished = useActionWork((state) => state.clearFinished);
  const finishedActions = rows.some((row) => row.kind === 'action' && !isRunning(row));
  return (
    <>
      <OverlayDrawer ref={surface} open={open} onOpenChange={(_e, d) => !d.open && onClose()} position="end" size="medium" aria-label="Background work">
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>Background work</DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.body}>
          <div className={styles.bar}>
            <Text role="status">{`${runningCount(rows)} running`}</Text>
            {finishedActions ? (
              <Button size="small" onClick={clearFinished}>
                Clear finished actions
              </Button>
            ) : null}
          </div>
          <WorkList rows={rows} actions={actions} />
          {/* Inside the drawer: nested dialogs, so answering one leaves the panel open. */}
          {dialogs}
        </DrawerBody>
      </OverlayDrawer>
    </>
  );
}

/** The shell's Background work button: how much runs, and the panel that lists it. */
export function BackgroundWorkButton() {
  const styles = useStyles();
  const rows = useBackgroundWork();
  const [open, setOpen] = useState(false);
  const running = runningCount(rows);
  return (
    <>
      <Button
        appearance="subtle"
        className={styles.button}
        icon={<ArrowSyncCircleRegular />}
        aria-label={running > 0 ? `Background work, ${running} running` : 'Background work'}
        onClick={() => setOpen(true)}
      >
        Background work{' '}
        {/* The space keeps the count a word of its own: "Background work 1" is then part of the button's name (WCAG 2.5.3). */}
        {running > 0 ? <CounterBadge className={styles.badge} count={running} size="small" aria-hidden /> : null}
      </Button>
      <WorkPanel rows={rows} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
