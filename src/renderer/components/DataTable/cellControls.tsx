import { useCallback, useEffect, useRef, useState, type FocusEvent, type JSX, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one tooltip of a table's rows: useRowTip keeps it closed on a focus given back
import { Tooltip, createFocusOutlineStyle, makeStyles, mergeClasses, shorthands, tokens, type BadgeProps } from '@fluentui/react-components';
import { Checkmark12Filled } from '@fluentui/react-icons';
import { focusGivenBack } from '../useFocusReturn';

// The controls a table repeats in every row, built light: a row mounts anew whenever a search or a
// page brings it, and Fluent's Button, Tooltip, Checkbox and Badge cost most of a row's mount (measured
// in `npm run bench -- table`, docs/performance.md). They look like Fluent's small subtle icon button,
// its check box and its tinted badge, from the same tokens; one tooltip per table serves every row.

export type BadgeColor = NonNullable<BadgeProps['color']>;

// Three style hooks, not one: Griffel walks every rule of a hook on each use, and each row uses each of these.
const useActionStyles = makeStyles({
  action: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    width: '24px',
    height: '24px',
    padding: 0,
    margin: 0,
    border: `${tokens.strokeWidthThin} solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorSubtleBackground,
    color: tokens.colorNeutralForeground2,
    fontSize: '20px',
    cursor: 'pointer',
    verticalAlign: 'middle',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2BrandHover },
    ':hover:active': { backgroundColor: tokens.colorSubtleBackgroundPressed, color: tokens.colorNeutralForeground2BrandPressed },
    '@media (forced-colors: active)': { ':hover': { color: 'Highlight' } },
    ...createFocusOutlineStyle(),
  },
});

const useBoxStyles = makeStyles({
  box: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    width: '16px',
    height: '16px',
    verticalAlign: 'middle',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeAccessible}`,
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorNeutralForegroundInverted,
    ':hover': { ...shorthands.borderColor(tokens.colorNeutralStrokeAccessibleHover) },
    ...createFocusOutlineStyle({ style: {}, selector: 'focus-within' }),
  },
  // A row that cannot be selected (it shares its id with another record): a faint box, no hover.
  boxDisabled: {
    ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    ':hover': { ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled) },
  },
  boxChecked: {
    backgroundColor: tokens.colorCompoundBrandBackground,
    ...shorthands.borderColor(tokens.colorCompoundBrandBackground),
    ':hover': { backgroundColor: tokens.colorCompoundBrandBackgroundHover, ...shorthands.borderColor(tokens.colorCompoundBrandBackgroundHover) },
    '@media (forced-colors: active)': { backgroundColor: 'Highlight', color: 'HighlightText' },
  },
  // The real input over the box (its click, its role and name); the box draws it.
  boxInput: { position: 'absolute', inset: '-8px', width: 'calc(100% + 16px)', height: 'calc(100% + 16px)', margin: 0, opacity: 0, cursor: 'pointer' },
});

const useBadgeStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    height: '20px',
    minWidth: '20px',
    padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    whiteSpace: 'nowrap',
  },
  brand: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, ...shorthands.borderColor(tokens.colorBrandStroke2) },
  danger: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1, ...shorthands.borderColor(tokens.colorPaletteRedBorder1) },
  important: { backgroundColor: tokens.colorNeutralForeground3, color: tokens.colorNeutralBackground1 },
  informative: { backgroundColor: tokens.colorNeutralBackground4, color: tokens.colorNeutralForeground3, ...shorthands.borderColor(tokens.colorNeutralStroke2) },
  severe: { backgroundColor: tokens.colorPaletteDarkOrangeBackground1, color: tokens.colorPaletteDarkOrangeForeground1, ...shorthands.borderColor(tokens.colorPaletteDarkOrangeBorder1) },
  subtle: { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground3, ...shorthands.borderColor(tokens.colorNeutralStroke2) },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1, ...shorthands.borderColor(tokens.colorPaletteGreenBorder1) },
  warning: { backgroundColor: tokens.colorPaletteYellowBackground1, color: tokens.colorPaletteYellowForeground1, ...shorthands.borderColor(tokens.colorPaletteYellowBorder1) },
});

/** A row's icon button (Edit, Delete, ...): named by `label`, which the table's tooltip shows on hover and focus. */
export function RowActionButton({ label, icon, onClick }: { label: string; icon: JSX.Element; onClick: () => void }) {
  const styles = useActionStyles();
  return (
    <button type="button" className={styles.action} aria-label={label} data-tip={label} onClick={onClick}>
      {icon}
    </button>
  );
}

/** A value as a tinted badge (Fluent's tint badge, medium). */
export function CellBadge({ color, children }: { color: BadgeColor; children: ReactNode }) {
  const styles = useBadgeStyles();
  return <span className={mergeClasses(styles.badge, styles[color])}>{children}</span>;
}

/** A row's check box (Fluent's look; a native input underneath, so its role, name and Space are the browser's). */
export function RowCheckbox({ label, checked, onClick, disabled = false }: { label: string; checked: boolean; onClick: (event: MouseEvent) => void; disabled?: boolean }) {
  const styles = useBoxStyles();
  return (
    <span className={mergeClasses(styles.box, checked && styles.boxChecked, disabled && styles.boxDisabled)}>
      {/* Not a tab stop: the row is (Space on it ticks it), so Tab does not walk through a box per row. */}
      <input type="checkbox" className={styles.boxInput} aria-label={label} checked={checked} disabled={disabled} onClick={onClick} onChange={() => undefined} tabIndex={-1} data-select-row="" />
      {checked ? <Checkmark12Filled aria-hidden /> : null}
    </span>
  );
}

const SHOW_DELAY_MS = 250;
const HIDE_DELAY_MS = 250;

const tipOf = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>('[data-tip]') : null);

/**
 * The one tooltip of a table's row buttons: shown over the button under the pointer or with the focus
 * (after Fluent's delays; at once when one is already showing), hidden when the pointer or focus
 * leaves, on Escape, and when the rows change. Not on a focus a closing dialog gave back (it would
 * cover the row above and take the click meant for it). `handlers` go on the table's body.
 */
export function useRowTip() {
  const [shown, setShown] = useState<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const current = useRef<HTMLElement | null>(null);
  current.current = shown;
  const later = (fn: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  };
  const show = (el: HTMLElement) => later(() => {
    if (el.isConnected && !focusGivenBack(el)) setShown(el);
  }, current.current ? 0 : SHOW_DELAY_MS);
  const hide = useCallback((ms = 0) => {
    window.clearTimeout(timer.current);
    if (ms === 0) setShown(null);
    else timer.current = window.setTimeout(() => setShown(null), ms);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handlers = {
    onPointerOver: (e: PointerEvent<HTMLElement>) => {
      const el = tipOf(e.target);
      if (el && el !== tipOf(e.relatedTarget)) show(el);
    },
    onPointerOut: (e: PointerEvent<HTMLElement>) => {
      const el = tipOf(e.target);
      if (el && el !== tipOf(e.relatedTarget)) hide(HIDE_DELAY_MS);
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      const el = tipOf(e.target);
      if (el) show(el);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (tipOf(e.target)) hide();
    },
  };
  const tip = shown ? (
    <Tooltip
      // Named by its own aria-label already: the tooltip only shows the name.
      relationship="inaccessible"
      content={{ children: shown.dataset.tip ?? '', onPointerEnter: () => window.clearTimeout(timer.current), onPointerLeave: () => hide(HIDE_DELAY_MS) }}
      visible={shown.isConnected}
      onVisibleChange={(_e, data) => {
        if (!data.visible) hide();
      }}
      positioning={{ target: shown, position: 'above' }}
    />
  ) : null;
  return { handlers, tip, hide };
}
