import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ImportStatus } from '../../../../shared/schemas/course-import';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ContentDialog } from '../../../components/ContentDialog';
import { callQuery, invoke } from '../../../lib/calls';
import { plural } from '../../../lib/format';
import { directoryPath } from '../../../lib/open-record';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entries: { maxHeight: '40vh', overflowY: 'auto', margin: 0, paddingLeft: tokens.spacingHorizontalL },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

const STATE_TEXT: Record<ImportStatus['entries'][number]['state'], string> = {
  waiting: 'waiting', made: 'made', queued: 'queued for upload', held: 'held: not playable', uploaded: 'uploaded', linked: 'linked', failed: 'not imported', skipped: 'left out',
};

/** Asked before an import is cancelled (here and in the shell's Background work panel). */
export function CancelImportQuestion({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Cancel this import?"
      text="What was made so far stays in the course. Videos not yet uploaded are taken out of the Bulk Upload queue."
      confirmLabel="Cancel import"
      cancelLabel="Keep importing"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** An import that has ended: built, or cancelled (by the person, or the server refused its course). */
export const ended = (status: ImportStatus | null | undefined) => status?.phase === 'done' || status?.phase === 'cancelled';

/** The import as it runs, then its summary: what was built, and what was not with why. */
export function ImportProgress({ first, onClose }: { first: ImportStatus; onClose: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const client = useQueryClient();
  const polled = useQuery({
    ...callQuery('courseImport.status', {}),
    refetchInterval: (query) => (ended(query.state.data) ? false : 1000),
  }).data;
  const [cancelled, setCancelled] = useState<ImportStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const status = cancelled ?? (polled && polled.importId === first.importId ? polled : first);
  const done = ended(status);
  const cancel = async () => {
    setAsking(false);
    const answer = await invoke('courseImport.cancel', { importId: status.importId });
    if (!answer.ok) setCancelError(answer.error.message);
    else if (answer.data) {
      setCancelled(answer.data);
      client.setQueryData(callQuery('courseImport.status', {}).queryKey, answer.data);
    }
  };
  const { folders, videos } = status;
  const open = () => {
    if (!status.courseId) return;
    onClose();
    navigate(directoryPath(status.courseId, status.parent ? [status.parent] : []));
  };
  const failed = status.entries.filter((e) => e.state === 'failed' || e.message);
  return (
    <ContentDialog
      title={status.phase === 'cancelled' ? 'Import stopped' : done ? 'Import finished' : 'Importing…'}
      width={900}
      contentClassName={styles.content}
      onClose={onClose}
    >
      <div className={styles.summary} role="status" aria-label="Import progress">
        <Text>
          {folders.made} of {plural(folders.total, 'folder')} made; {videos.uploaded} of {plural(videos.total, 'video')} uploaded; {videos.linked} linked into the course
          {videos.failed ? `; ${videos.failed} not imported` : ''}.
        </Text>
        {!done ? <ProgressBar value={videos.total ? videos.linked / videos.total : 0} aria-label="Videos linked" /> : null}
        {status.problem && !done ? <Text className={styles.failed}>Waiting: {status.problem}</Text> : null}
        {status.phase === 'cancelled' && status.problem ? <Text className={styles.failed}>{status.problem}</Text> : null}
        {!done ? <Text size={200}>You can close this: the import carries on, also after a restart. The uploads show in Bulk Upload.</Text> : null}
        {cancelError ? (
          <Text role="alert" className={styles.failed}>
            {cancelError}
          </Text>
        ) : null}
      </div>
      {!done ? (
        <div>
          <Button onClick={() => setAsking(true)}>Cancel import…</Button>
        </div>
      ) : null}
      <CancelImportQuestion open={asking} onConfirm={() => void cancel()} onCancel={() => setAsking(false)} />
      {failed.length > 0 ? (
        <section aria-label="Not imported">
          <Text weight="semibold">Needs a look</Text>
          <ul className={styles.entries}>
            {failed.map((e) => (
              <li key={e.path}>
                {e.path}: {e.message ?? STATE_TEXT[e.state]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Built">
        <Text weight="semibold">{done ? 'What was built' : 'So far'}</Text>
        <ul className={styles.entries}>
          {status.entries.map((e) => (
            <li key={e.path} className={e.state === 'failed' ? styles.failed : undefined}>
              {e.path} ({e.kind}): {STATE_TEXT[e.state]}
            </li>
          ))}
        </ul>
      </section>
      {status.courseId ? (
        <Button appearance="primary" onClick={open}>
          Open in the directory
        </Button>
      ) : null}
    </ContentDialog>
  );
}
