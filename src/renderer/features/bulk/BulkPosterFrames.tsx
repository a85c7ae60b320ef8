import { useState } from 'react';
import { plural } from '../../lib/format';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { FrameMoment, momentSeconds } from '../../components/PosterFrame';
import type { BulkItemView, BulkSelection } from '../../../shared/schemas/bulk';
import { useNotify } from '../../components/toast';
import { takePosterFrame } from '../../lib/poster-frame';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // As wide as "Choose thumbnail…" above it.
  button: { width: '100%', marginTop: tokens.spacingVerticalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The queue's rows to take frames of: the selected ones, or every row, that are videos not yet sent. */
async function videoRows(selection: BulkSelection | null): Promise<BulkItemView[]> {
  const rows: BulkItemView[] = [];
  if (Array.isArray(selection)) {
    for (let at = 0; at < selection.length; at += 1000) {
      const answer = await window.api.bulk.get({ ids: selection.slice(at, at + 1000) });
      if (answer.ok) rows.push(...answer.data);
    }
  } else {
    // Every row, or every row of a view but those left out.
    const except = new Set(selection?.except ?? []);
    for (let offset = 0; ; offset += 1000) {
      const answer = await window.api.bulk.list({ offset, limit: 1000, filter: selection?.filter, search: selection?.search });
      if (!answer.ok) break;
      rows.push(...answer.data.rows.filter((row) => !except.has(row.id)));
      if (offset + 1000 >= answer.data.total) break;
    }
  }
  return rows.filter((row) => row.fileType === 'video' && row.state !== 'done' && row.state !== 'uploading');
}

/**
 * "Use a frame of each video": for each video row (the selected ones, or all), a frame at the chosen
 * moment becomes its thumbnail, one video at a time (the page decodes them). Videos that cannot be
 * decoded keep their thumbnail, and are named.
 */
export function BulkPosterFrames({ selection }: { selection: BulkSelection | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const [moment, setMoment] = useState('1');
  const [busy, setBusy] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const run = async () => {
    setFailures([]);
    const rows = await videoRows(selection);
    const failed: string[] = [];
    let done = 0;
    for (const [n, row] of rows.entries()) {
      setBusy(`Frame ${n + 1} of ${rows.length}…`);
      const grant = await window.api.bulk.fileGrant({ id: row.id });
      const frame = grant.ok ? await takePosterFrame(grant.data.grantId, momentSeconds(moment)) : grant;
      const set = frame.ok ? await window.api.bulk.setThumbnail({ ids: [row.id], grantId: frame.data.grantId }) : frame;
      if (set.ok) done += 1;
      else failed.push(`${row.file.name}: ${set.error.message}`);
    }
    setBusy(null);
    setFailures(failed);
    if (rows.length === 0) notify.error('No video in the queue waits to be sent.');
    else notify.success(`Thumbnail set from a frame for ${done} of ${plural(rows.length, 'video')}.`);
  };
  return (
    <div>
      <div className={styles.row}>
        <FrameMoment value={moment} onChange={setMoment} disabled={busy !== null} />
      </div>
      <Button className={styles.button} disabled={busy !== null} onClick={() => void run()}>
        {busy ?? 'Use a frame of each video'}
      </Button>
      {failures.map((failure) => (
        <Text key={failure} block size={200} className={styles.error} role="alert">
          {failure}
        </Text>
      ))}
    </div>
  );
}
