import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { HistoryAction, HistoryRow } from '../../../shared/history';
import { ContentDialog } from '../../components/ContentDialog';
import { changeText } from '../../components/RecordChanges';
import type { NameOf } from '../../lib/change-text';
import { LinkCell } from '../../kit/columns';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'start', verticalAlign: 'top', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` } },
  summary: { marginTop: 0 },
});

/** A record's answer in the details: what the server said, or why it failed. */
const answerOf = (row: HistoryRow) => (row.answer.ok ? row.answer.message : `Failed: ${row.answer.message}`);

/** The records of an action as a line: how many, and the first names. */
export function recordsLine(action: HistoryAction): string {
  const names = [...new Set(action.rows.map((r) => r.record.label))];
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${(names.length - 3).toLocaleString('en-IN')} more` : shown;
}

/**
 * An action of many records in History: its title opens its records, each with what changed, the
 * server's answer, and its own Undo (what is left of a partly undone action is undone record by record).
 */
export function ActionRecords({ action, nameOf, undoRecord }: { action: HistoryAction; nameOf: NameOf; undoRecord: (row: HistoryRow) => Promise<void> }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const failed = action.failed > 0 ? `; ${action.failed.toLocaleString('en-IN')} failed` : '';
  return (
    <span data-history-id={action.id}>
      <LinkCell onClick={() => setOpen(true)} title={`${action.title}${action.undone ? ' (undone)' : ''}. Open to see its records.`}>
        {`${action.title}${action.undone ? ' (undone)' : ''}`}
      </LinkCell>
      {open ? (
        <ContentDialog title={action.title} width={900} onClose={() => setOpen(false)}>
          <p className={styles.summary}>{`${action.count.toLocaleString('en-IN')} ${action.count === 1 ? 'record' : 'records'} on ${action.screen}${failed}, newest first.`}</p>
          <table className={styles.table} aria-label={`The records of ${action.title}`}>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">Change</th>
                <th scope="col">Answer</th>
                <th scope="col">Undo</th>
              </tr>
            </thead>
            <tbody>
              {action.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.record.label}</th>
                  <td>{`${changeText(row, nameOf, true)}${row.undone ? ' (undone)' : ''}`}</td>
                  <td>{answerOf(row)}</td>
                  <td>
                    {row.undo === null ? (
                      <Button size="small" aria-label={`Undo the change of ${row.record.label}`} onClick={() => void undoRecord(row).then(() => setOpen(false))}>
                        Undo
                      </Button>
                    ) : (
                      row.undo
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ContentDialog>
      ) : null}
    </span>
  );
}

/** A bulk upload's run or a folder import, kept as one entry: its title opens its records (the first 200, and how many more). */
export function EntryRecords({ row }: { row: HistoryRow }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const records = row.records ?? [];
  return (
    <span data-history-id={row.id}>
      <LinkCell onClick={() => setOpen(true)} title={`${row.record.label}. Open to see its records.`}>
        {row.record.label}
      </LinkCell>
      {open ? (
        <ContentDialog title={row.record.label} width={760} onClose={() => setOpen(false)}>
          <p className={styles.summary}>{`${row.answer.message} Its records are deleted from their own screens.`}</p>
          <table className={styles.table} aria-label={`The records of ${row.record.label}`}>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record, i) => (
                <tr key={`${record.id ?? ''}:${i}`}>
                  <th scope="row">{record.label}</th>
                  <td>{record.ok ? 'Done.' : `Failed: ${record.message ?? ''}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {row.more ? <p>{`and ${row.more.toLocaleString('en-IN')} more`}</p> : null}
        </ContentDialog>
      ) : null}
    </span>
  );
}
