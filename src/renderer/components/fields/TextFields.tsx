import { Input, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { counterText, formatInr, numberOf } from '../../lib/field-values';
import type { KindProps as Props } from './types';


const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  counter: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3 },
  amount: { color: tokens.colorNeutralForeground3 },
});

/** text, email, tel, password: one line. */
export function TextField({ field, id, value, onChange, onBlur, disabled, autoFocus }: Props<'text'>) {
  return (
    <Input
      id={id}
      type={field.kind}
      value={(value as string | undefined) ?? ''}
      onChange={(_e, d) => onChange(d.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      autoComplete={field.autoComplete ?? 'off'}
      autoFocus={autoFocus}
    />
  );
}

/** Several lines, with a character counter when there is a limit. */
export function TextareaField({ field, id, value, onChange, onBlur, disabled }: Props<'textarea'>) {
  const styles = useStyles();
  const text = (value as string | undefined) ?? '';
  return (
    <div className={styles.stack}>
      <Textarea
        id={id}
        value={text}
        onChange={(_e, d) => onChange(d.value)}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        rows={field.rows ?? 4}
        resize="vertical"
      />
      {field.maxLength !== undefined ? (
        <Text size={200} className={styles.counter} aria-live="polite" data-testid={`${id}-counter`}>
          {counterText(text, field.maxLength)}
        </Text>
      ) : null}
    </div>
  );
}

/** A number (undefined while empty); in rupees with `currency: 'INR'`. */
export function NumberField({ field, id, value, onChange, onBlur, disabled }: Props<'number'>) {
  const styles = useStyles();
  const shown = value === undefined || value === null || Number.isNaN(value) ? '' : String(value);
  const inr = field.currency === 'INR';
  return (
    <div className={styles.stack}>
      <Input
        id={id}
        type="number"
        value={shown}
        onChange={(_e, d) => onChange(numberOf(d.value))}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={field.placeholder}
        min={field.min}
        max={field.max}
        step={field.step}
        contentBefore={inr ? <Text aria-hidden>₹</Text> : undefined}
      />
      {inr && typeof value === 'number' && Number.isFinite(value) ? (
        <Text size={200} className={styles.amount}>
          {formatInr(value)} (INR)
        </Text>
      ) : null}
    </div>
  );
}
