import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { Tooltip } from '../Tooltip';
import { WarningRegular } from '@fluentui/react-icons';
import { describeIssues, partialIssues } from '../../../shared/tolerant';
import type { Column } from './columns';

// Records the platform sent that the console could read only partly (DESIGN section 14): each such
// row shows a mark whose tooltip says which fields could not be read and what they held, and the table
// says how many there are, with a filter to them.

export const PARTIAL_COLUMN = '$partial';

/** "3 records could not be read fully" (one: "1 record ..."). */
export const partialText = (count: number): string => `${count.toLocaleString('en-IN')} ${count === 1 ? 'record' : 'records'} could not be read fully`;

/** The mark's tooltip: a first line, then one line per field. */
export const partialTooltip = (issues: readonly { path: string; expected: string; received: string }[]): string =>
  ['Some fields could not be read:', ...describeIssues(issues)].join('\n');

const useStyles = makeStyles({
  mark: { display: 'inline-flex', color: tokens.colorPaletteDarkOrangeForeground1, fontSize: '18px', cursor: 'help', borderRadius: tokens.borderRadiusSmall },
  tip: { whiteSpace: 'pre-line' },
});

function PartialMark({ issues }: { issues: ReturnType<typeof partialIssues> & object }) {
  const styles = useStyles();
  const text = partialTooltip(issues);
  return (
    <Tooltip content={{ children: text, className: styles.tip }} relationship="description" withArrow>
      <span className={styles.mark} role="img" aria-label="Could not be read fully" tabIndex={0} data-partial-mark>
        <WarningRegular />
      </span>
    </Tooltip>
  );
}

/** The leading column of a table with partly read rows: the mark, or nothing. */
export function partialColumn<T>(): Column<T> {
  return {
    id: PARTIAL_COLUMN,
    header: () => <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Read fully</span>,
    enableSorting: false,
    enableHiding: false,
    enableResizing: false,
    cell: ({ row }) => {
      const issues = partialIssues(row.original);
      return issues ? <PartialMark issues={issues} /> : null;
    },
    // Its name for the header cell and the View menu (the header shows only to screen readers).
    meta: { width: 40, align: 'center', searchable: false, filterLabel: 'Read fully' },
  };
}

/** The notice over a table with partly read records, and its filter to them. */
export function PartialNotice({ count, only, onOnly, className }: { count: number; only: boolean; onOnly: (only: boolean) => void; className?: string }) {
  return (
    <MessageBar intent="warning" className={className}>
      <MessageBarBody>{partialText(count)}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={() => onOnly(!only)} aria-pressed={only}>
          {only ? 'Show all records' : 'Show only these'}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
