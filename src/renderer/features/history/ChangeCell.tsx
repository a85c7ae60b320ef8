import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { HistoryRow } from '../../../shared/history';
import { ContentDialog } from '../../components/ContentDialog';
import { changeText } from '../../components/RecordChanges';
import { fieldChanges, type NameOf } from '../../lib/change-text';
import { LinkCell } from '../../kit/columns';

const useChangeStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'start', verticalAlign: 'top', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` } },
});

/**
 * History's Change cell: the line (its whole text as the tooltip), which opens the record's before and
 * after, field by field, in full.
 */
export function ChangeCell({ row, nameOf }: { row: HistoryRow; nameOf: NameOf }) {
  const styles = useChangeStyles();
  const [open, setOpen] = useState(false);
  const line = `${changeText(row, nameOf)}${row.undone ? ' (undone)' : ''}`;
  const changes = row.method === 'DELETE' ? [] : fieldChanges(row, nameOf);
  if (changes.length === 0) return <span data-history-id={row.id}>{line}</span>;
  return (
    <span data-history-id={row.id}>
      <LinkCell onClick={() => setOpen(true)} title={`${changeText(row, nameOf, true)}. Open to see before and after.`}>
        {line}
      </LinkCell>
      {open ? (
        <ContentDialog title={`What changed: ${row.record.label}`} width={760} onClose={() => setOpen(false)}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">{row.before ? 'Before' : 'Was'}</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.key}>
                  <th scope="row">{c.label}</th>
                  <td>{row.before ? c.before : '(new record)'}</td>
                  <td>{c.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ContentDialog>
      ) : null}
    </span>
  );
}
