import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import type { Conflict } from '../../shared/result';
import { describeIssues, partialIssues, unreadIssues } from '../../shared/tolerant';
import { changedBy } from '../lib/conflict-text';

// What the kit's dialogs say about a record the console could not read fully, or one someone else
// changed since its dialog opened (DESIGN section 14).

interface FormFields {
  fields: readonly { name: string; label?: ReactNode }[];
}

/**
 * Why a partly read record opens read-only, or null when the form can carry it: the form holds none
 * of the fields that could not be read, so a save sends back what came.
 */
export function readOnlyReason(record: unknown, spec: FormFields): ReactNode {
  // Fields read from another form (a date) or a repeated id do not stop an edit; a record that was
  // not a record at all (path '') does.
  const issues = unreadIssues(partialIssues(record));
  if (issues.length === 0) return null;
  const names = new Set(spec.fields.map((f) => f.name));
  const blocking = issues.filter((i) => i.path === '' || names.has(i.path.split('.')[0] ?? ''));
  if (blocking.length === 0) return null;
  return (
    <>
      This record could not be read fully, so it opens read-only: saving it would replace values the console cannot show.
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {describeIssues(blocking).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

const json = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The form fields whose values differ between the record shown and the record now. */
export function differingFields(spec: FormFields, before: FieldValues, now: FieldValues): string[] {
  return spec.fields.map((f) => f.name).filter((name) => !same(before[name], now[name]));
}

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, width: '100%' },
  icon: { verticalAlign: 'text-bottom', color: tokens.colorStatusWarningForeground1, fontSize: '18px' },
  cell: { textAlign: 'start', padding: '2px 8px 2px 0', verticalAlign: 'top', overflowWrap: 'anywhere' },
  field: { whiteSpace: 'nowrap' },
});

/** The conflict's text and a table of the fields that differ: as you opened it, now, and what you typed. */
export function ConflictDetails({ conflict, spec, before, now, typed }: { conflict: Conflict; spec: FormFields; before?: FieldValues; now?: FieldValues; typed?: FieldValues }) {
  const styles = useStyles();
  const names = before && now ? differingFields(spec, before, now) : [];
  const labelOf = (name: string) => spec.fields.find((f) => f.name === name)?.label ?? name;
  return (
    <>
      <Text role="alert" weight="semibold">
        <WarningRegular className={styles.icon} aria-hidden /> Not saved. {changedBy(conflict)}
      </Text>
      {names.length > 0 ? (
        <table className={styles.table} aria-label="What changed">
          <thead>
            <tr>
              <th className={styles.cell}>Field</th>
              <th className={styles.cell}>When you opened it</th>
              <th className={styles.cell}>Now</th>
              {typed ? <th className={styles.cell}>Yours</th> : null}
            </tr>
          </thead>
          <tbody>
            {names.map((name) => (
              <tr key={name}>
                <th scope="row" className={mergeClasses(styles.cell, styles.field)}>{labelOf(name)}</th>
                <td className={styles.cell}>{json(before?.[name])}</td>
                <td className={styles.cell}>{json(now?.[name])}</td>
                {typed ? <td className={styles.cell}>{json(typed[name])}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : conflict.fields.length > 0 ? (
        <Text>Changed: {conflict.fields.join(', ')}.</Text>
      ) : null}
    </>
  );
}
