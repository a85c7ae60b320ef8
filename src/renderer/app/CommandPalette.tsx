import { useId, useMemo, useRef, useState } from 'react';
import { Dialog, DialogBody, DialogSurface, DialogTitle, Input, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useFocusReturn } from '../components/useFocusReturn';
import { useFoundRecords } from './find-records';

/** One thing the palette can do: go to a screen, or an action of the screen or the app. */
export interface PaletteItem {
  id: string;
  label: string;
  /** A second line (a record's id and language). */
  detail?: string;
  /** Shown at the right: where it goes, or its keys. */
  hint?: string;
  run: () => void;
}

const useStyles = makeStyles({
  surface: { maxWidth: '560px', padding: tokens.spacingVerticalL },
  list: { listStyle: 'none', margin: `${tokens.spacingVerticalS} 0 0`, padding: 0, maxHeight: '50vh', overflowY: 'auto' },
  item: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
  },
  active: { backgroundColor: tokens.colorSubtleBackgroundSelected, outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  hint: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
  label: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  notice: { display: 'block', paddingTop: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

/** Every word typed appears in the label (in any order, any case). */
export function paletteMatches(items: readonly PaletteItem[], text: string): PaletteItem[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => words.every((word) => `${item.label} ${item.hint ?? ''}`.toLowerCase().includes(word)));
}

/** Ctrl/Cmd+K: type to narrow, arrows to choose, Enter to run; Escape closes. */
export function CommandPalette({ items, onClose }: { items: readonly PaletteItem[]; onClose: () => void }) {
  const styles = useStyles();
  const listId = useId();
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(true, surface);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // Records of every list main keeps: the recent ones first with no text; after the commands with text.
  const records = useFoundRecords(text);
  const shown = useMemo(() => (text.trim() ? [...paletteMatches(items, text), ...records.items] : [...records.items, ...items]), [items, text, records.items]);
  const current = Math.min(active, Math.max(0, shown.length - 1));
  const run = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    item.run();
  };
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Dialog open onOpenChange={(_e, data) => (data.open ? undefined : onClose())}>
      <DialogSurface ref={surface} className={styles.surface} aria-label="Command palette">
        <DialogBody style={{ display: 'block' }}>
          <DialogTitle style={{ marginBottom: tokens.spacingVerticalS }}>Command palette</DialogTitle>
          <Input
            autoFocus
            style={{ width: '100%' }}
            contentBefore={<SearchRegular aria-hidden />}
            placeholder="Type a screen, an action or a record"
            value={text}
            onChange={(_e, data) => {
              setText(data.value);
              setActive(0);
            }}
            input={{
              role: 'combobox',
              'aria-label': 'Command',
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': shown.length > 0 ? optionId(current) : undefined,
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActive((current + step + shown.length) % Math.max(1, shown.length));
              } else if (event.key === 'Enter') {
                event.preventDefault();
                run(shown[current]);
              }
            }}
          />
          <ul id={listId} role="listbox" aria-label="Commands" className={styles.list}>
            {shown.map((item, index) => (
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                className={mergeClasses(styles.item, index === current && styles.active)}
                onMouseMove={() => setActive(index)}
                onClick={() => run(item)}
              >
                <span className={styles.label}>
                  <Text truncate wrap={false}>{item.label}</Text>
                  {item.detail ? <Text className={styles.detail}>{item.detail}</Text> : null}
                </span>
                {item.hint ? <Text className={styles.hint}>{item.hint}</Text> : null}
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <Text className={styles.empty}>Nothing matches.</Text> : null}
          <Text role="status" className={styles.notice}>
            {records.notice ?? ''}
          </Text>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
