import { Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { durationPartOf, isoDateOf, specDateOf, timeOf } from '../../lib/field-values';
import type { KindProps as Props } from './types';


const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  part: { width: '88px' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** A date picker; the form holds the spec's D-MM-YYYY ('' for none). */
export function DateField({ field, id, value, onChange, onBlur, disabled }: Props<'date'>) {
  return (
    <Input
      id={id}
      type="date"
      value={isoDateOf(typeof value === 'string' ? value : '')}
      min={field.min ? isoDateOf(field.min) : undefined}
      max={field.max ? isoDateOf(field.max) : undefined}
      onChange={(_e, d) => onChange(specDateOf(d.value))}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}

/** A time picker; the form holds HH:mm ('' for none). */
export function TimeField({ id, value, onChange, onBlur, disabled }: Props<'time'>) {
  return (
    <Input
      id={id}
      type="time"
      value={timeOf(typeof value === 'string' ? value : '')}
      onChange={(_e, d) => onChange(timeOf(d.value))}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}

/**
 * Hours, minutes and seconds in three boxes. The field's own value is the hours; the minutes and
 * seconds are the form's `parts` fields (each with its own message from the schema).
 */
export function DurationField({ field, id, value, onChange, onBlur, disabled, form }: Props<'duration'>) {
  const styles = useStyles();
  const lockedBy = field.readOnly?.(form.values) ?? null;
  const box = (part: 'hours' | 'minutes' | 'seconds', label: string, max: number) => {
    const raw = part === 'hours' ? value : form.values[field.parts[part]];
    const labelId = `${id}-${part}-label`;
    return (
      <Input
        id={part === 'hours' ? id : undefined}
        className={styles.part}
        type="number"
        aria-labelledby={labelId}
        min={0}
        max={max}
        contentAfter={
          <Text size={200} aria-hidden>
            {label.slice(0, 1).toLowerCase()}
            <span id={labelId} hidden>
              {label}
            </span>
          </Text>
        }
        value={raw === undefined || raw === null || Number.isNaN(raw) ? '' : String(raw)}
        readOnly={lockedBy !== null}
        disabled={disabled}
        onChange={(_e, d) => {
          const next = durationPartOf(d.value);
          if (part === 'hours') onChange(next);
          else form.setValue(field.parts[part], next);
        }}
        onBlur={onBlur}
      />
    );
  };
  const partError = form.errorOf(field.parts.minutes) ?? form.errorOf(field.parts.seconds);
  return (
    <div>
      <div className={styles.row}>
        {box('hours', 'Hours', field.maxHours)}
        {box('minutes', 'Minutes', 59)}
        {box('seconds', 'Seconds', 59)}
      </div>
      {lockedBy ? (
        <Text size={200} className={styles.muted}>
          {lockedBy}
        </Text>
      ) : null}
      {partError ? (
        <Text size={200} className={styles.error}>
          {partError}
        </Text>
      ) : null}
    </div>
  );
}
