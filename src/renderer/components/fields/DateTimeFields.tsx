import { useState } from 'react';
import { Button, Input, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Calendar, DEFAULT_DATE_FORMATTING, type DateFormatting } from '@fluentui/react-calendar-compat';
import { CalendarRegular } from '@fluentui/react-icons';
import { dayOfSpecDate, durationPartOf, specDateOfDay, tidySpecDate, timeOf } from '../../lib/field-values';
import type { KindProps as Props } from './types';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  part: { width: '88px' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * A date in the app's own format, D-MM-YYYY, whatever the system's locale (a native date input shows
 * the browser's mm/dd/yyyy): typed (a real day typed as 5-3-2027 or 05/03/2027 is tidied on leaving
 * the box; other text stays for the form's message) or chosen in a calendar (arrow keys, Enter).
 */

/**
 * The month picker's buttons show "Jan" and were named "January": a person using speech says what they
 * see, so each name starts with the shown text (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
const MONTH_NAMES_AS_SHOWN: DateFormatting = {
  ...DEFAULT_DATE_FORMATTING,
  formatMonth: (date, strings) => {
    const shown = strings.shortMonths[date.getMonth()] ?? '';
    const full = strings.months[date.getMonth()] ?? shown;
    return full === shown ? full : `${shown}, ${full}`;
  },
};
export function DateField({ field, id, value, onChange, onBlur, disabled }: Props<'date'>) {
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const choose = `Choose ${field.label}`;
  return (
    <Input
      id={id}
      value={text}
      placeholder={field.placeholder ?? 'D-MM-YYYY'}
      autoComplete="off"
      onChange={(_e, d) => onChange(d.value)}
      onBlur={() => {
        const tidy = tidySpecDate(text);
        if (tidy !== text) onChange(tidy);
        onBlur();
      }}
      disabled={disabled}
      contentAfter={
        <Popover open={open} onOpenChange={(_e, d) => setOpen(d.open)} trapFocus positioning="below-end">
          <PopoverTrigger disableButtonEnhancement>
            <Button appearance="transparent" size="small" icon={<CalendarRegular />} aria-label={choose} title={choose} disabled={disabled} />
          </PopoverTrigger>
          <PopoverSurface aria-label={choose}>
            <Calendar
              value={dayOfSpecDate(text)}
              minDate={field.min ? dayOfSpecDate(field.min) : undefined}
              maxDate={field.max ? dayOfSpecDate(field.max) : undefined}
              showGoToToday
              dateTimeFormatter={MONTH_NAMES_AS_SHOWN}
              onSelectDate={(day) => {
                onChange(specDateOfDay(day));
                setOpen(false);
              }}
            />
          </PopoverSurface>
        </Popover>
      }
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
        // Each box its own id: without one, the Field around them gave all three the hours' id.
        id={part === 'hours' ? id : `${id}-${part}`}
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
