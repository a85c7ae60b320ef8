import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { Button, Checkbox, FieldContextProvider, Input, Radio, Select, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Tooltip } from '../Tooltip';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { KindProps, RowColumn } from './types';

type Props = KindProps<'rows'>;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'grid', columnGap: tokens.spacingHorizontalS, alignItems: 'start' },
  head: { display: 'grid', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  flag: { display: 'flex', justifyContent: 'center', minHeight: '32px', alignItems: 'center' },
  moved: { display: 'block', color: tokens.colorNeutralForeground2 },
  cell: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  rowError: { color: tokens.colorPaletteRedForeground1 },
  invalid: { borderBottomColor: tokens.colorPaletteRedBorder2 },
  add: { alignSelf: 'flex-start' },
  center: { textAlign: 'center' },
});

type RowErrors = readonly (Record<string, { message?: string } | undefined> | undefined)[] | undefined;

/**
 * The correct-answer flags of a rows field: whether several may be flagged (it may follow the form's
 * values), how many are, and setting one (a single flag moves, and says so once: see flag.moved).
 */
function useRowFlags(field: Props['field'], form: Props['form'], hasError: boolean) {
  const flag = field.flag;
  const current = (form.values[field.name] as Record<string, unknown>[] | undefined) ?? [];
  const several = typeof flag?.several === 'function' ? flag.several(form.values) : !!flag?.several;
  const flagged = flag ? current.filter((row) => row[flag.name] === true).length : 0;
  // When one correct row becomes the rule while several are flagged, say so now, not at the save.
  const { validate } = form;
  const wasSeveral = useRef(several);
  useEffect(() => {
    if (wasSeveral.current && !several && flagged > 1) validate(field.name);
    wasSeveral.current = several;
  }, [several, flagged, validate, field.name]);

  // Said once a second flag took the first one's place (see flag.moved).
  const [moved, setMoved] = useState(false);
  const setFlag = (index: number, checked: boolean) => {
    if (!flag) return;
    const all = (form.values[field.name] as Record<string, unknown>[] | undefined) ?? [];
    if (!several && checked && all.some((row, i) => i !== index && row[flag.name] === true)) setMoved(true);
    all.forEach((row, i) => {
      const next = several ? (i === index ? checked : row[flag.name]) : i === index && checked;
      // The flag alone is set: update() would give the row a new key, its radio would be made anew and
      // the focus (moved there by ArrowDown) would fall to the page.
      if (row[flag.name] !== next) form.setValue(`${field.name}.${i}.${flag.name}`, next);
    });
    // A message shown about the flags (one correct option only) goes, or stays, at once.
    if (hasError) validate(field.name);
  };
  return { several, flagged, moved, setFlag };
}

/** What a text cell's input and text area share: its value, name, error link and limit. */
function textProps(f: { value: unknown; onChange: (value: string) => void; onBlur: () => void }, { name, message, errorId, column, disabled, invalidClass }: { name: string; message: string | undefined; errorId: string; column: RowColumn; disabled?: boolean; invalidClass: string }) {
  return {
    value: (f.value as string) ?? '',
    disabled,
    'aria-label': name,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId : undefined,
    className: mergeClasses(message && invalidClass),
    placeholder: name,
    maxLength: column.maxLength ?? 500,
    onChange: (_e: unknown, d: { value: string }) => f.onChange(d.value),
    onBlur: f.onBlur,
  };
}

/** One cell of a row: a select (the column's options) or a text box, and the schema's message for it. */
function RowCell({ form, fieldName, index, column, name, message, errorId, options, disabled }: {
  form: Props['form'];
  fieldName: string;
  index: number;
  column: RowColumn;
  /** The cell's accessible name ('Option 2'). */
  name: string;
  message: string | undefined;
  errorId: string;
  /** The options this row may choose (a unique column's others taken out). */
  options: RowColumn['options'];
  disabled?: boolean;
}) {
  const styles = useStyles();
  const text = { name, message, errorId, column, disabled, invalidClass: styles.invalid };
  return (
    <div className={styles.cell}>
      <Controller
        control={form.control}
        name={`${fieldName}.${index}.${column.name}`}
        render={({ field: f }) =>
          column.options ? (
            <Select
              aria-label={name}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              value={(f.value as string) ?? ''}
              disabled={disabled}
              onChange={(_e, d) => f.onChange(d.value)}
              onBlur={f.onBlur}
            >
              <option value="">{`Select ${column.label.toLowerCase()}`}</option>
              {(options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          ) : column.multiline ? (
            <Textarea {...textProps(f, text)} rows={2} resize="vertical" />
          ) : (
            <Input type="text" {...textProps(f, text)} />
          )
        }
      />
      {message ? (
        <Text id={errorId} size={200} className={styles.rowError} role="alert">
          {message}
        </Text>
      ) : null}
    </div>
  );
}

/**
 * A list of rows, each with its columns (text boxes or selects) and optionally a correct-answer flag
 * (a radio: exactly one; checkboxes: several). react-hook-form's field array keeps the rows; each
 * cell's message comes from the schema. Deleting a row keeps the focus in the list.
 */
export function RowsField({ field, id, disabled, error, form }: Props) {
  const styles = useStyles();
  const listRef = useRef<HTMLDivElement>(null);
  const { fields: rows, append, remove, update } = useFieldArray({ control: form.control, name: field.name });
  const itemLabel = field.itemLabel ?? 'Row';
  const lower = itemLabel.toLowerCase();
  const single = field.columns.length === 1;
  const flag = field.flag;
  const current = (form.values[field.name] as Record<string, unknown>[] | undefined) ?? [];
  const { several, flagged, moved, setFlag } = useRowFlags(field, form, !!error);
  const template = `${flag ? '64px ' : ''}${field.columns.map(() => 'minmax(0, 1fr)').join(' ')} 32px`;
  const rowErrors = error as RowErrors;
  const focusText = (index: number | 'last') =>
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('input[type="text"]');
      const at = index === 'last' ? (inputs?.length ?? 1) - 1 : Math.min(index, (inputs?.length ?? 1) - 1);
      (inputs?.[at] ?? listRef.current?.querySelector<HTMLButtonElement>('button[data-add]'))?.focus();
    });

  const filled = (row: Record<string, unknown> | undefined) => !!row && field.columns.every((c) => String(row[c.name] ?? '').trim() !== '');
  const canAdd = !field.addWhenComplete || current.length === 0 || filled(current.at(-1));
  /** A unique column's options for one row: those no other row has chosen. */
  const optionsFor = (index: number, column: RowColumn) =>
    column.unique ? column.options?.filter((o) => !current.some((r, i) => i !== index && r[column.name] === o.value)) : column.options;


  return (
    // The rows name themselves: the surrounding Field's label and message must not reach each input.
    <FieldContextProvider value={undefined}>
      <div className={styles.root} id={id} role="group" aria-label={`${itemLabel}s`} ref={listRef}>
        {rows.length > 0 ? (
          <div className={styles.head} style={{ gridTemplateColumns: template }} aria-hidden="true">
            {flag ? (
              <Text size={200} className={styles.center}>
                {flag.label}
              </Text>
            ) : null}
            {field.columns.map((c) => (
              <Text key={c.name} size={200}>
                {single ? itemLabel : c.label}
              </Text>
            ))}
          </div>
        ) : null}
        {rows.map((row, index) => {
          const n = index + 1;
          const checked = ((form.values[field.name] as Record<string, unknown>[] | undefined)?.[index]?.[flag?.name ?? ''] ?? false) === true;
          return (
            <div key={row.id} className={styles.row} style={{ gridTemplateColumns: template }}>
              {flag ? (
                <div className={styles.flag}>
                  {several ? (
                    <Checkbox checked={checked} disabled={disabled} aria-label={`${itemLabel} ${n} is correct`} onChange={(_e, d) => setFlag(index, d.checked === true)} />
                  ) : (
                    // While more than one row is flagged (a checkbox question turned radio), each radio shows its own
                    // state: one shared group would show only the last; choosing one (even a checked one) clears the others.
                    <Radio
                      name={flagged > 1 ? `${id}-flag-${index}` : `${id}-flag`}
                      value={String(index)}
                      checked={checked}
                      disabled={disabled}
                      aria-label={`${itemLabel} ${n} is correct`}
                      onChange={() => setFlag(index, true)}
                      onClick={() => setFlag(index, true)}
                    />
                  )}
                </div>
              ) : null}
              {field.columns.map((column) => (
                <RowCell key={column.name} form={form} fieldName={field.name} index={index} column={column} name={single ? `${itemLabel} ${index + 1}` : `${column.label} ${index + 1}`} message={rowErrors?.[index]?.[column.name]?.message} errorId={`${id}-row-${index}-${column.name}-error`} options={optionsFor(index, column)} disabled={disabled} />
              ))}
              <Tooltip content={`Delete ${lower} ${n}`} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  disabled={disabled}
                  onClick={() => {
                    if (field.keepOne && rows.length === 1) update(0, field.newRow());
                    else remove(index);
                    focusText(index);
                  }}
                />
              </Tooltip>
            </div>
          );
        })}
        {flag?.moved && moved && !several ? (
          <Text size={200} role="status" className={styles.moved}>
            {flag.moved}
          </Text>
        ) : null}
        <Button
          data-add=""
          className={styles.add}
          appearance="secondary"
          size="small"
          icon={<AddRegular />}
          disabled={disabled || rows.length >= (field.max ?? 10) || !canAdd}
          onClick={() => {
            append(field.newRow());
            focusText('last');
          }}
        >
          {field.addLabel ?? `Add ${lower}`}
        </Button>
      </div>
    </FieldContextProvider>
  );
}
