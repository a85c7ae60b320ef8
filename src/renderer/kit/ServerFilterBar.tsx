import { useState } from 'react';
import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components';

/** One select of a server-side filter bar ('' = All). */
export interface FilterField {
  key: string;
  label: string;
  options: readonly (string | number)[];
}

/** The chosen values of a filter bar, empty choices left out. */
export type FilterValues = Readonly<Record<string, string>>;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  field: { minWidth: '140px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The chosen values without the empty ones; null when nothing is chosen (the full list). */
export function appliedOf(draft: FilterValues): FilterValues | null {
  const out = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== ''));
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * A bar of selects whose choice the server applies: Submit sends the choice, Reset clears it and
 * shows the full list again.
 */
export function ServerFilterBar({ fields, initial, onApply }: { fields: readonly FilterField[]; initial?: FilterValues | null; onApply: (filter: FilterValues | null) => void }) {
  const styles = useStyles();
  // A named view starts the bar again from its filters.
  const [draft, setDraft] = useState<FilterValues>(() => initial ?? {});
  return (
    <form
      className={styles.bar}
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(appliedOf(draft));
      }}
    >
      {fields.map((f) => (
        <Field key={f.key} label={f.label} className={styles.field}>
          <Select value={draft[f.key] ?? ''} onChange={(_e, d) => setDraft((x) => ({ ...x, [f.key]: d.value }))}>
            <option value="">All</option>
            {f.options.map((o) => (
              <option key={o} value={String(o)}>
                {o}
              </option>
            ))}
          </Select>
        </Field>
      ))}
      <div className={styles.buttons}>
        <Button appearance="primary" type="submit">
          Submit
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            onApply(null);
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
