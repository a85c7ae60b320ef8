import type { JSX, ReactNode } from 'react';
import { InfoRegular } from '@fluentui/react-icons';
import type { ColumnMeta } from '@tanstack/react-table';
import { Badge, Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { Tooltip } from '../components/Tooltip';
import { CellBadge, RowActionButton, type BadgeColor, type Column } from '../components/DataTable';
import type { AuthoredMeta } from '../../shared/schemas/meta';
import { formatDateTime } from '../lib/format';
import { relativeDate } from './RelativeDate';

// Column helpers of the list-screen declaration: a screen lists what it shows, these say how.

type Meta<T> = ColumnMeta<T, unknown>;
type Options<T> = Meta<T> & { id?: string; sortable?: boolean };

const split = <T,>({ id, sortable, ...meta }: Options<T> = {}) => ({ id, sortable, meta });

/** A column of a path of the row ('email', 'metaInfo.created.at'); `cell` renders it. */
function keyed<T>(key: string, header: string, options: Options<T> | undefined, cell?: Column<T>['cell']): Column<T> {
  const { id, sortable, meta } = split(options);
  return { accessorKey: key, ...(id ? { id } : {}), header, enableSorting: sortable ?? true, meta, ...(cell ? { cell } : {}) };
}

/** A plain value (a path of the row, e.g. 'email' or 'metaInfo.created.at'). */
export function text<T>(key: string, header: string, options?: Options<T>): Column<T> {
  return keyed(key, header, options);
}

/** A column of a value computed from the row; `defaults` are meta the options may override. */
function computed<T>(id: string, header: string, get: (row: T) => unknown, options: Options<T> | undefined, cell?: Column<T>['cell'], defaults?: Meta<T>): Column<T> {
  const { sortable, meta } = split(options);
  return { id, accessorFn: get, header, enableSorting: sortable ?? true, meta: { ...defaults, ...meta }, ...(cell ? { cell } : {}) };
}

/** A computed value; `cell` renders it when the value alone is not the view. */
export function value<T>(id: string, header: string, get: (row: T) => unknown, options?: Options<T> & { cell?: (row: T) => ReactNode }): Column<T> {
  const { cell, ...rest } = options ?? {};
  return computed(id, header, get, rest, cell ? ({ row }) => cell(row.original) : undefined);
}

/** The spec's DD/MM/YYYY HH:mm of an ISO time; sorts by the time, searches the text shown. */
export function date<T>(id: string, header: string, get: (row: T) => string, options?: Options<T>): Column<T> {
  return computed(id, header, get, options, ({ row }) => formatDateTime(get(row.original)), { width: 140, searchValue: (row: T) => formatDateTime(get(row)) });
}

/** A value as a tinted badge, its colour by value ('subtle' for others; '—' for none). */
export function badge<T>(key: string, header: string, colors: Readonly<Record<string, BadgeColor>>, options?: Options<T>): Column<T> {
  return keyed(key, header, options, ({ getValue }) => {
    const shown = getValue() as string | null | undefined;
    return shown ? <CellBadge color={colors[shown] ?? 'subtle'}>{shown}</CellBadge> : '—';
  });
}

/** A count that opens what it counts (a button named by `label`, showing the number). */
/** A count button's name: the number first, unless the label already starts with it ('3 videos of ...'). */
export const countName = (n: number, label: string): string => (label.startsWith(`${n} `) || label.startsWith(`${n.toLocaleString('en-IN')} `) ? label : `${n} ${label}`);

export function count<T>(id: string, header: string, get: (row: T) => number, open: (row: T) => void, label: (row: T) => string, options?: Options<T>): Column<T> {
  const cell: Column<T>['cell'] = ({ row }) => (
    // The visible number starts the accessible name (WCAG 2.5.3, label in name), once.
    <Button size="small" appearance="subtle" onClick={() => open(row.original)} aria-label={countName(get(row.original), label(row.original))}>
      {get(row.original)}
    </Button>
  );
  return computed(id, header, get, options, cell, { width: 112, align: 'center', searchable: false });
}

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, minWidth: 0 },
  nameText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, overflow: 'hidden' },
  // A tag longer than its column ends in an ellipsis from its start (Fluent centres a badge's text, which
  // cut both ends), its whole text on hover.
  tag: { maxWidth: '100%', minWidth: 0, justifyContent: 'flex-start' },
  stamp: { display: 'flex', flexDirection: 'column', lineHeight: tokens.lineHeightBase200, minWidth: 0 },
  // Ends in an ellipsis when the column is narrower (or runs under the pinned actions).
  at: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  by: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  link: { textAlign: 'start', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
  twoLines: { display: 'block', whiteSpace: 'normal', lineHeight: '14px', textAlign: 'center' },
});

/** A button that looks like a link, for a cell that opens something. */
export function LinkCell({ children, onClick, title }: { children: ReactNode; onClick: () => void; title: string }) {
  const styles = useStyles();
  return (
    <Link as="button" className={styles.link} onClick={onClick} title={title}>
      {children}
    </Link>
  );
}

/** A text that opens something (a preview, a detail screen). */
export function link<T>(key: string, header: string, open: (row: T) => void, title: (row: T) => string, options?: Options<T>): Column<T> {
  return keyed(key, header, options, ({ row, getValue }) => (
    <LinkCell onClick={() => open(row.original)} title={title(row.original)}>
      {String(getValue() ?? '')}
    </LinkCell>
  ));
}

/** A column header of two words on two lines (for narrow icon columns). */
export function TwoLines({ text: words }: { text: string }) {
  const styles = useStyles();
  return <span className={styles.twoLines}>{words}</span>;
}

/** A column whose header shows on two lines (long names over narrow columns), still named by its words. */
export const twoLines = <T,>(column: Column<T>): Column<T> => ({ ...column, header: () => <TwoLines text={String(column.header)} />, meta: { ...column.meta, label: String(column.header) } }) as Column<T>;

export interface ActionOptions<T> {
  /** The button's accessible name and tooltip, e.g. `Edit ${row.name}`. */
  label: (row: T) => string;
  icon: JSX.Element;
  onClick: (row: T) => void;
  /** Rows without this action (the signed-in admin's own row has no Delete). */
  hidden?: (row: T) => boolean;
  width?: number;
  /** The header on two lines (long names over narrow icon columns). */
  wrapHeader?: boolean;
}

/** An icon button per row (Edit, Delete, Add Questions, ...), pinned at the right edge and offered in the row's context menu. */
export function action<T>(id: string, header: string, { label, icon, onClick, hidden, width = 56, wrapHeader = false }: ActionOptions<T>): Column<T> {
  return {
    id,
    header: wrapHeader ? () => <TwoLines text={header} /> : header,
    enableSorting: false,
    meta: { width, align: 'center', searchable: false, pin: 'end', action: { text: header, label, icon, run: onClick, hidden } },
    // A light button; the table's one tooltip shows its name (a Fluent Button and Tooltip per row cost a row's mount).
    cell: ({ row }) => (hidden?.(row.original) ? null : <RowActionButton label={label(row.original)} icon={icon} onClick={() => onClick(row.original)} />),
  };
}

/**
 * Added By, Added On and Updated On of a record's metaInfo (the engagement areas, spec 2 section 3; spec 2 gives
 * their dates no format, so they are relative, exact on hover);
 * in a narrow window Added By gives way first, then Added On.
 */
export function authored<T>(meta: (row: T) => AuthoredMeta): Column<T>[] {
  return [
    value<T>('addedBy', 'Added By', (r) => meta(r).created.by?.name ?? '', { width: 150, priority: 3 }),
    relativeDate<T>('addedOn', 'Added On', (r) => meta(r).created.at, { priority: 2 }),
    relativeDate<T>('updatedOn', 'Updated On', (r) => meta(r).updated.at, { priority: 1 }),
  ];
}

function Tags({ values }: { values: readonly string[] }) {
  const styles = useStyles();
  return (
    <span className={styles.tags}>
      {values.length === 0
        ? '—'
        : values.map((v) => (
            <Badge key={v} appearance="outline" color="informative" shape="rounded" className={styles.tag} title={v}>
              <span className={styles.at}>{v}</span>
            </Badge>
          ))}
    </span>
  );
}

/**
 * Short values shown as tags (a time, a date, languages); searches their text and sorts by it, or by
 * `sortBy` when the text does not sort (a D-MM-YYYY date, '1 hr 30 min').
 */
export function tags<T>(id: string, header: string, get: (row: T) => readonly string[], options?: Options<T> & { sortBy?: (row: T) => string | number }): Column<T> {
  const { sortBy, ...rest } = options ?? {};
  const { sortable, meta } = split(rest);
  return {
    id,
    accessorFn: sortBy ?? ((row) => get(row).join(', ')),
    header,
    enableSorting: sortable ?? true,
    meta: sortBy ? { searchValue: (row: T) => get(row).join(', '), ...meta } : meta,
    cell: ({ row }) => <Tags values={get(row.original)} />,
  };
}

/** A date (DD/MM/YYYY HH:mm) with who made the change under it. */
export function Stamp({ at, by }: { at: string; by: string | undefined }) {
  const styles = useStyles();
  return (
    <span className={styles.stamp}>
      <span className={styles.at}>{formatDateTime(at)}</span>
      <span className={styles.by}>{by ? `by ${by}` : '—'}</span>
    </span>
  );
}

/** When (date and time) and by whom a record was last changed, in one column. */
export function lastUpdated<T>(meta: (row: T) => AuthoredMeta, header = 'Last updated', options?: Options<T>): Column<T> {
  const { sortable, meta: columnMeta } = split(options);
  const by = (row: T) => meta(row).updated.by?.name;
  return {
    id: 'lastUpdated',
    accessorFn: (row) => meta(row).updated.at,
    header,
    enableSorting: sortable ?? true,
    meta: { width: 160, searchValue: (row: T) => `${formatDateTime(meta(row).updated.at)} ${by(row) ?? ''}`, ...columnMeta },
    cell: ({ row }) => <Stamp at={meta(row.original).updated.at} by={by(row.original)} />,
  };
}

function NameCell({ name, hint }: { name: string; hint: string | undefined }) {
  const styles = useStyles();
  return (
    <span className={styles.name}>
      <span className={styles.nameText} title={name}>
        {name}
      </span>
      {hint ? (
        <Tooltip content={hint} relationship="description" withArrow>
          <Button appearance="transparent" size="small" icon={<InfoRegular />} aria-label={`About ${name}`} />
        </Tooltip>
      ) : null}
    </span>
  );
}

/**
 * A record's name, with a hint (a bio) on an info icon. Its Edit and Delete are the kit's action
 * columns at the right edge, as on every screen.
 */
export function nameWithHint<T>(id: string, header: string, get: (row: T) => string, hint?: (row: T) => string | undefined, options?: Options<T>): Column<T> {
  const { sortable, meta } = split(options);
  return {
    id,
    accessorFn: get,
    header,
    enableSorting: sortable ?? true,
    meta,
    cell: ({ row }) => <NameCell name={get(row.original)} hint={hint?.(row.original)} />,
  };
}
