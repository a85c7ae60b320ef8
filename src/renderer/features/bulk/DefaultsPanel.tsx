import { useId, useState } from 'react';
import { Button, Checkbox, Field, Label, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { LANGUAGES } from '../../../shared/constants';
import { LEVELS, LIBRARY_STATUSES, VIDEO_TYPES, VISIBILITIES } from '../../../shared/schemas/library';
import type { BulkMetaPatch, BulkSelection } from '../../../shared/schemas/bulk';
import { useNotify } from '../../components/toast';
import { BulkPosterFrames } from './BulkPosterFrames';
import { useBusinessIdeas, useCategories, useKeywords } from '../../lib/library-lists';


const useStyles = makeStyles({
  // The fields scroll; the Apply buttons stay at the foot of the panel, whatever the window's height.
  panel: {
    width: '300px',
    flexShrink: 0,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  fields: { flex: '1 1 auto', minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  actions: {
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // The lists grow within the panel's one scroll (a list scrolling inside a scrolling panel is hard to use).
  checks: { display: 'flex', flexDirection: 'column' },
});

type Defaults = Required<Pick<BulkMetaPatch, 'businessIdeas' | 'keywords' | 'category'>> & Omit<BulkMetaPatch, 'businessIdeas' | 'keywords' | 'category'>;

/** The defaults panel: the library's fields, applied to the selected rows or to all. Only fields given a value are applied. */
export function DefaultsPanel({
  selection,
  selectedCount,
  onApply,
}: {
  /** The rows chosen (null: none). */
  selection: BulkSelection | null;
  selectedCount: number;
  onApply: (patch: BulkMetaPatch, to: 'selected' | 'all') => void;
}) {
  const styles = useStyles();
  const baseId = useId();
  const ideas = useBusinessIdeas();
  const keywords = useKeywords();
  const categories = useCategories();
  const [d, setD] = useState<Defaults>({ businessIdeas: [], keywords: [], category: [] });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const set = <K extends keyof Defaults>(key: K, value: Defaults[K]) => {
    setD((old) => ({ ...old, [key]: value }));
    setTouched((old) => new Set(old).add(key));
  };
  // '(unchanged)' again: the field is left out of what is applied.
  const unset = (key: keyof Defaults) => {
    setD((old) => {
      const next = { ...old };
      delete next[key as Exclude<keyof Defaults, 'businessIdeas' | 'keywords' | 'category'>];
      return next;
    });
    setTouched((old) => {
      const next = new Set(old);
      next.delete(key);
      return next;
    });
  };
  const toggle = (key: 'businessIdeas' | 'keywords' | 'category', id: string, on: boolean) =>
    set(key, on ? [...d[key], id] : d[key].filter((x) => x !== id));
  const patch = (): BulkMetaPatch => Object.fromEntries(Object.entries(d).filter(([key]) => touched.has(key))) as BulkMetaPatch;
  const choice = <K extends 'language' | 'visibility' | 'status' | 'type'>(key: K, label: string, options: readonly string[]) => (
    <Field label={label}>
      <Select value={(d[key] as string | undefined) ?? ''} onChange={(_, data) => (data.value === '' ? unset(key) : set(key, data.value as Defaults[K]))}>
        <option value="">(unchanged)</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </Select>
    </Field>
  );
  // A group of check boxes, not a Field: a Field gives its one control its id, so every box inside one
  // had the same id and clicking any label ticked the first box.
  const checks = (key: 'businessIdeas' | 'keywords' | 'category', label: string, items: { id: string; name: string }[], bulk = false) => (
    <div className={styles.group} role="group" aria-labelledby={`${baseId}-${key}`}>
      <Label id={`${baseId}-${key}`}>{label}</Label>
      {bulk ? (
        <div>
          <Button size="small" appearance="subtle" onClick={() => set(key, items.map((i) => i.id))}>
            Select All
          </Button>
          <Button size="small" appearance="subtle" onClick={() => set(key, [])}>
            Deselect All
          </Button>
        </div>
      ) : null}
      <div className={styles.checks}>
        {items.map((i) => (
          <Checkbox key={i.id} id={`${baseId}-${key}-${i.id}`} label={i.name} checked={d[key].includes(i.id)} onChange={(_, data) => toggle(key, i.id, !!data.checked)} />
        ))}
      </div>
    </div>
  );
  return (
    <aside className={styles.panel} aria-label="Defaults">
      <div className={styles.fields}>
        <Text weight="semibold">Defaults</Text>
        {choice('language', 'Language', LANGUAGES)}
        {choice('visibility', 'Visibility', VISIBILITIES)}
        {choice('status', 'Status', LIBRARY_STATUSES)}
        <Field label="Level">
          <Select value={d.level === undefined ? '' : String(d.level)} onChange={(_, data) => (data.value === '' ? unset('level') : set('level', Number(data.value)))}>
            <option value="">(unchanged)</option>
            {LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </Select>
        </Field>
        {choice('type', 'Type', VIDEO_TYPES)}
        <Field label="Description">
          <Textarea value={d.description ?? ''} onChange={(_, data) => (data.value === '' ? unset('description') : set('description', data.value))} />
        </Field>
        {checks('businessIdeas', 'Business ideas', (ideas.data ?? []).map((i) => ({ id: i._id, name: i.inEnglish })), true)}
        {checks('keywords', 'Keyword groups', (keywords.data ?? []).map((k) => ({ id: k._id, name: k.keyword })))}
        {checks('category', 'Categories', (categories.data ?? []).map((c) => ({ id: c._id, name: c.english })))}
        <Field label="Thumbnail">
          <ThumbnailButton selection={selection} />
        </Field>
        <BulkPosterFrames selection={selection} />
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={selectedCount === 0 || touched.size === 0} onClick={() => onApply(patch(), 'selected')}>
          Apply to {selectedCount} selected
        </Button>
        <Button disabled={touched.size === 0} onClick={() => onApply(patch(), 'all')}>
          Apply to all
        </Button>
      </div>
    </aside>
  );
}

/** The thumbnail goes through main's image dialog (a grant); applied to the selected rows, or to all when none is selected. */
function ThumbnailButton({ selection }: { selection: BulkSelection | null }) {
  const notify = useNotify();
  return (
    <Button
      onClick={async () => {
        const picked = await window.api.files.pick({ kind: 'image' });
        if (!picked.ok) return notify.error(picked.error.message);
        if (!picked.data) return;
        const answer = await window.api.bulk.setThumbnail({ ids: selection ?? 'all', grantId: picked.data.grantId });
        if (!answer.ok) notify.error(answer.error.message);
        else notify.success(`Thumbnail ${picked.data.name} set.`);
      }}
    >
      Choose thumbnail…
    </Button>
  );
}

