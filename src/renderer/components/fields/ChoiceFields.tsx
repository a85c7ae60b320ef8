import { useState } from 'react';
import { Button, Dropdown, Input, Option, Select, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { parseTags } from '../../lib/field-values';
import type { KindProps as Props } from './types';


const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  switchRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** One choice of a list; '' (the placeholder) is no choice. `numeric` holds numbers, 0 for none. */
export function SelectField({ field, id, value, onChange, onBlur, disabled }: Props<'select'>) {
  const shown = field.numeric ? (typeof value === 'number' && value > 0 ? String(value) : '') : ((value as string | undefined) ?? '');
  return (
    <Select
      id={id}
      value={shown}
      // A required select keeps '' for no choice: react-hook-form shows the default value again for
      // undefined, so the placeholder would read 'English' under 'Select a language!'.
      onChange={(_e, d) => onChange(field.numeric ? (d.value === '' ? 0 : Number(d.value)) : d.value === '' ? (field.required ? '' : undefined) : d.value)}
      onBlur={onBlur}
      disabled={disabled}
    >
      <option value="">{field.placeholder ?? 'Select…'}</option>
      {field.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}

/** Several choices (string[]); with `bulk`, Select All, Deselect All and how many are chosen. */
export function MultiSelectField({ field, id, value, onChange, onBlur, disabled }: Props<'multiselect'>) {
  const styles = useStyles();
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const labels = field.options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  const summary = field.noun && labels.length > 3 ? `${labels.length} ${field.noun}` : labels.join(', ');
  const dropdown = (
    <Dropdown
      id={id}
      multiselect
      selectedOptions={selected}
      value={summary}
      placeholder={field.placeholder ?? 'Select…'}
      onOptionSelect={(_e, d) => onChange(d.selectedOptions)}
      onBlur={onBlur}
      disabled={disabled}
      // A list of choices, not a menu of commands: Fluent's multiselect says menu and menuitemcheckbox,
      // while the combobox that opens it promises a listbox.
      listbox={{ role: 'listbox', 'aria-multiselectable': true }}
    >
      {field.options.map((o) => (
        <Option key={o.value} value={o.value} role="option" aria-selected={selected.includes(o.value)} aria-checked={undefined}>
          {o.label}
        </Option>
      ))}
    </Dropdown>
  );
  if (!field.bulk) return dropdown;
  return (
    <div className={styles.stack}>
      {dropdown}
      <div className={styles.buttons}>
        <Button size="small" disabled={disabled} onClick={() => onChange(field.options.map((o) => o.value))}>
          Select All
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange([])}>
          Deselect All
        </Button>
        <Text size={200} className={styles.muted}>
          {selected.length} of {field.options.length} selected
        </Text>
      </div>
    </div>
  );
}

/** Tags typed as comma-separated entries; the form holds them as string[] (trimmed, each once). */
export function TagsField({ field, id, value, onChange, onBlur, disabled }: Props<'tags'>) {
  const styles = useStyles();
  const tags = Array.isArray(value) ? (value as string[]) : [];
  // The text as typed (a trailing comma or space stays while typing); the tags follow it.
  const [text, setText] = useState(tags.join(', '));
  return (
    <div className={styles.stack}>
      <Input
        id={id}
        value={text}
        placeholder={field.placeholder ?? 'Comma-separated, e.g. growth, sales'}
        disabled={disabled}
        onChange={(_e, d) => {
          setText(d.value);
          onChange(parseTags(d.value));
        }}
        onBlur={() => {
          setText(tags.join(', '));
          onBlur();
        }}
      />
      <Text size={200} className={styles.muted} aria-live="polite">
        {tags.length === 0 ? 'No entries' : `${tags.length} ${tags.length === 1 ? 'entry' : 'entries'}: ${tags.join(' · ')}`}
      </Text>
    </div>
  );
}

/** On or off, each with its label and stored value (default true / false). */
export function SwitchField({ field, id, value, onChange, onBlur, disabled }: Props<'switch'>) {
  const styles = useStyles();
  const onValue = field.onValue ?? true;
  const offValue = field.offValue ?? false;
  const checked = value === onValue;
  return (
    <div className={styles.switchRow}>
      <Switch
        id={id}
        checked={checked}
        onChange={(_e, d) => onChange(d.checked ? onValue : offValue)}
        onBlur={onBlur}
        disabled={disabled}
        label={checked ? field.onLabel : field.offLabel}
      />
    </div>
  );
}
