import { useRef, useState } from 'react';
import { Button, Dropdown, Input, Option, Select, Switch, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { plural } from '../../lib/format';
import { parseTags } from '../../lib/field-values';
import type { KindProps as Props } from './types';


const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  switchRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  tagBox: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke },
  },
  tagBoxDisabled: { ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled) },
  tagList: { display: 'contents', listStyle: 'none', margin: 0, padding: 0 },
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    maxWidth: '100%',
    paddingLeft: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  tagText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tagInput: { flexGrow: 1, minWidth: '160px', border: 'none', '::after': { display: 'none' } },
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

/**
 * Tags: each entry a chip with its own remove button; typed in the field and added by a comma or Enter
 * (Enter never sends the form), or when the field is left. Backspace in the empty field removes the last
 * one. Pasted or typed text with commas becomes several. The form holds string[] (trimmed, each once in
 * any case), the text still being typed included, so a form sent straight away keeps it.
 */
export function TagsField({ field, id, value, onChange, onBlur, disabled }: Props<'tags'>) {
  const styles = useStyles();
  const [chips, setChips] = useState<string[]>(() => (Array.isArray(value) ? (value as string[]) : []));
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const update = (nextChips: string[], nextText: string) => {
    setChips(nextChips);
    setText(nextText);
    onChange(parseTags([...nextChips, nextText].join(',')));
  };
  // Everything before the last comma is done; the rest is still being typed.
  const type = (typed: string) => {
    const cut = typed.lastIndexOf(',');
    if (cut < 0) return update(chips, typed);
    update(parseTags([...chips, typed.slice(0, cut)].join(',')), typed.slice(cut + 1).trimStart());
  };
  const commit = () => update(parseTags([...chips, text].join(',')), '');
  return (
    <div className={styles.stack}>
      <div className={mergeClasses(styles.tagBox, disabled && styles.tagBoxDisabled)}>
        {chips.length > 0 ? (
          <ul className={styles.tagList} aria-label={`${field.label} added`}>
            {chips.map((tag) => (
              <li key={tag.toLowerCase()} className={styles.tag}>
                <span className={styles.tagText}>{tag}</span>
                <Button
                  appearance="transparent"
                  size="small"
                  icon={<DismissRegular />}
                  aria-label={`Remove ${tag}`}
                  disabled={disabled}
                  onClick={() => {
                    update(chips.filter((c) => c !== tag), text);
                    input.current?.focus();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : null}
        <Input
          id={id}
          ref={input}
          appearance="underline"
          className={styles.tagInput}
          value={text}
          placeholder={field.placeholder ?? 'Type and press Enter or a comma, e.g. growth, sales'}
          disabled={disabled}
          onChange={(_e, d) => type(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Backspace' && text === '' && chips.length > 0) {
              e.preventDefault();
              update(chips.slice(0, -1), '');
            }
          }}
          onBlur={() => {
            commit();
            onBlur();
          }}
        />
      </div>
      <Text size={200} className={styles.muted} aria-live="polite">
        {chips.length === 0 ? 'None added yet' : plural(chips.length, 'entry', 'entries')}
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
