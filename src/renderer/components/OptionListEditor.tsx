import { useRef } from 'react';
import { Button, Checkbox, FieldContextProvider, Input, Radio, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';

/** One answer option: its text and whether it is a correct answer. */
export interface OptionItem {
  option: string;
  isTrue: boolean;
}

export interface OptionListEditorProps {
  /** Id of the group (the field label points at it). */
  id: string;
  value: readonly OptionItem[];
  onChange: (value: OptionItem[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** true: each option has a checkbox (several correct); false: a radio (exactly one correct). */
  multipleCorrect: boolean;
  /** The most rows the Add button allows (default 10). */
  max?: number;
  /** Validation message of each row's text, by index. */
  rowErrors?: readonly (string | undefined)[];
  /** Name of one row in labels ('Option' → 'Option 1', 'Delete option 1'). */
  itemLabel?: string;
  addLabel?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'grid', gridTemplateColumns: '64px 1fr 32px', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  row: { display: 'grid', gridTemplateColumns: '64px 1fr 32px', columnGap: tokens.spacingHorizontalS, alignItems: 'start' },
  flag: { display: 'flex', justifyContent: 'center', minHeight: '32px', alignItems: 'center' },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  rowError: { color: tokens.colorPaletteRedForeground1 },
  invalid: { borderBottomColor: tokens.colorPaletteRedBorder2 },
  add: { alignSelf: 'flex-start' },
  center: { textAlign: 'center' },
});

/**
 * Edits a list of options with their correct flags: add and delete rows, type each option, mark the
 * correct one (radio) or the correct ones (checkboxes). Validation stays with the form's schema.
 */
export function OptionListEditor({
  id,
  value,
  onChange,
  onBlur,
  disabled = false,
  multipleCorrect,
  max = 10,
  rowErrors = [],
  itemLabel = 'Option',
  addLabel = 'Add option',
}: OptionListEditorProps) {
  const styles = useStyles();
  const listRef = useRef<HTMLDivElement>(null);
  const rows = value ?? [];
  const lower = itemLabel.toLowerCase();

  const setRow = (index: number, patch: Partial<OptionItem>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const setCorrect = (index: number, checked: boolean) =>
    onChange(
      rows.map((row, i) =>
        multipleCorrect ? (i === index ? { ...row, isTrue: checked } : row) : { ...row, isTrue: i === index && checked },
      ),
    );
  const remove = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    // Keep the focus in the list: on the row that moved up, else on the Add button.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('input[type="text"]');
      const next = inputs?.[Math.min(index, (inputs?.length ?? 1) - 1)];
      (next ?? listRef.current?.querySelector<HTMLButtonElement>('button[data-add]'))?.focus();
    });
  };
  const add = () => {
    onChange([...rows, { option: '', isTrue: false }]);
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('input[type="text"]');
      inputs?.[inputs.length - 1]?.focus();
    });
  };

  return (
    // The rows name themselves: the surrounding Field's label and message must not reach each input.
    <FieldContextProvider value={undefined}>
    <div className={styles.root} id={id} role="group" aria-label={`${itemLabel}s`} ref={listRef} onBlur={onBlur}>
      {rows.length > 0 ? (
        <div className={styles.head} aria-hidden="true">
          <Text size={200} className={styles.center}>
            Correct
          </Text>
          <Text size={200}>{itemLabel}</Text>
        </div>
      ) : null}
      {rows.map((row, index) => {
        const n = index + 1;
        const error = rowErrors[index];
        const errorId = `${id}-row-${index}-error`;
        return (
          <div key={index} className={styles.row}>
            <div className={styles.flag}>
              {multipleCorrect ? (
                <Checkbox
                  checked={row.isTrue}
                  disabled={disabled}
                  aria-label={`${itemLabel} ${n} is correct`}
                  onChange={(_e, d) => setCorrect(index, d.checked === true)}
                />
              ) : (
                <Radio
                  name={`${id}-correct`}
                  value={String(index)}
                  checked={row.isTrue}
                  disabled={disabled}
                  aria-label={`${itemLabel} ${n} is correct`}
                  onChange={() => setCorrect(index, true)}
                />
              )}
            </div>
            <div className={styles.text}>
              <Input
                type="text"
                value={row.option}
                disabled={disabled}
                aria-label={`${itemLabel} ${n}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={mergeClasses(error && styles.invalid)}
                placeholder={`${itemLabel} ${n}`}
                maxLength={500}
                onChange={(_e, d) => setRow(index, { option: d.value })}
              />
              {error ? (
                <Text id={errorId} size={200} className={styles.rowError} role="alert">
                  {error}
                </Text>
              ) : null}
            </div>
            <Tooltip content={`Delete ${lower} ${n}`} relationship="label">
              <Button appearance="subtle" icon={<DeleteRegular />} disabled={disabled} onClick={() => remove(index)} />
            </Tooltip>
          </div>
        );
      })}
      <Button
        data-add=""
        className={styles.add}
        appearance="secondary"
        size="small"
        icon={<AddRegular />}
        disabled={disabled || rows.length >= max}
        onClick={add}
      >
        {addLabel}
      </Button>
    </div>
    </FieldContextProvider>
  );
}
