import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Tooltip } from '../Tooltip';
import { InfoRegular, WarningRegular } from '@fluentui/react-icons';
import { describeIssues, partialIssues, type ReadIssue } from '../../../shared/tolerant';
import type { Column } from './columns';

// Records the platform sent that the console could read only partly (DESIGN section 14): each such
// row shows a mark whose tooltip says which fields could not be read and what they held, and the table
// says how many there are, with a filter to them.

export const PARTIAL_COLUMN = '$partial';

/**
 * "3 records are marked: point at a mark to see why" (one: "1 record is marked: ..."): a mark is a field
 * that could not be read, one read from another form, or an id another record has too.
 */
export const partialText = (count: number): string => `${count.toLocaleString('en-IN')} ${count === 1 ? 'record is' : 'records are'} marked: point at a mark to see why`;

/** The mark's tooltip: a first line per kind of mark, then one line per field. */
export const partialTooltip = (issues: readonly ReadIssue[]): string => {
  const lines: string[] = [];
  const unread = issues.filter((i) => i.kind === undefined);
  const forms = issues.filter((i) => i.kind === 'form');
  const repeated = issues.filter((i) => i.kind === 'duplicate');
  if (unread.length > 0) lines.push('Some fields could not be read:', ...describeIssues(unread));
  if (forms.length > 0) lines.push('Read from another form than the platform should send:', ...describeIssues(forms));
  if (repeated.length > 0) lines.push('Another record has the same id: it cannot be selected or changed in bulk until the platform fixes it.', ...describeIssues(repeated));
  return lines.join('\n');
};

/** The mark's name: what matters most about the row (a repeated id, then a field unread, then another form). */
export const markName = (issues: readonly ReadIssue[]): string =>
  issues.some((i) => i.kind === 'duplicate') ? 'Same id as another record' : issues.some((i) => i.kind === undefined) ? 'Could not be read fully' : 'Read from another form';

const useStyles = makeStyles({
  mark: { display: 'inline-flex', color: tokens.colorPaletteDarkOrangeForeground1, fontSize: '18px', cursor: 'help', borderRadius: tokens.borderRadiusSmall },
  formMark: { color: tokens.colorNeutralForeground2 },
  tip: { whiteSpace: 'pre-line' },
});

function PartialMark({ issues }: { issues: ReturnType<typeof partialIssues> & object }) {
  const styles = useStyles();
  const text = partialTooltip(issues);
  const onlyForms = issues.every((i) => i.kind === 'form');
  return (
    <Tooltip content={{ children: text, className: styles.tip }} relationship="description" withArrow>
      <span className={mergeClasses(styles.mark, onlyForms && styles.formMark)} role="img" aria-label={markName(issues)} tabIndex={0} data-partial-mark>
        {onlyForms ? <InfoRegular /> : <WarningRegular />}
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
