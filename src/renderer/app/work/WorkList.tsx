import { Badge, Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { WORK_STATE_TEXT, isRunning, type WorkRow, type WorkState } from '../../lib/background-work';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { overflowWrap: 'anywhere' },
  problem: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalXS },
});

const BADGE: Record<WorkState, 'brand' | 'informative' | 'warning' | 'success' | 'danger' | 'subtle'> = {
  running: 'brand', waiting: 'warning', paused: 'informative', done: 'success', attention: 'warning', failed: 'danger', cancelled: 'subtle',
};

/** What a row offers beside its progress: cancel, pause, open its screen or its details. */
export interface WorkActions {
  onCancel: (row: WorkRow) => void;
  onPause: (row: WorkRow) => void;
  onOpen: (row: WorkRow) => void;
}

function WorkItem({ row, actions }: { row: WorkRow; actions: WorkActions }) {
  const styles = useStyles();
  const running = isRunning(row);
  return (
    <li className={styles.item} aria-label={row.title}>
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          {row.title}
        </Text>
        <Badge appearance="tint" color={BADGE[row.state]} shape="rounded">
          {WORK_STATE_TEXT[row.state]}
        </Badge>
      </div>
      {row.progress !== null ? <ProgressBar value={row.progress} thickness="large" aria-label={`Progress of ${row.title}`} aria-valuetext={row.progressText} /> : null}
      <Text size={200}>{row.progressText}</Text>
      {row.problem ? (
        <Text size={200} className={styles.problem}>
          {row.problem}
        </Text>
      ) : null}
      {row.result ? <Text>{row.result}</Text> : null}
      <div className={styles.actions}>
        {row.kind === 'upload' && row.state === 'running' ? <Button size="small" onClick={() => actions.onPause(row)}>Pause uploads</Button> : null}
        {row.kind !== 'upload' && running ? (
          <Button size="small" onClick={() => actions.onCancel(row)}>
            {row.kind === 'import' ? 'Cancel import…' : 'Cancel'}
          </Button>
        ) : null}
        {row.kind !== 'action' ? (
          <Button size="small" appearance="subtle" onClick={() => actions.onOpen(row)}>
            {row.kind === 'import' ? 'Show details' : 'Open Bulk Upload'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The Background work panel's list: each piece of work with its state, progress, result and what it offers. */
export function WorkList({ rows, actions }: { rows: readonly WorkRow[]; actions: WorkActions }) {
  const styles = useStyles();
  if (rows.length === 0) return <Text>Nothing runs in the background. Imports, bulk uploads and bulk actions show here.</Text>;
  return (
    <ul className={styles.list} aria-label="Background work">
      {rows.map((row) => (
        <WorkItem key={row.id} row={row} actions={actions} />
      ))}
    </ul>
  );
}
