import type { JSX, ReactNode } from 'react';
import type { ColumnMeta } from '@tanstack/react-table';
import { Badge, Button, Link, Tooltip, makeStyles, type BadgeProps } from '@fluentui/react-components';
import type { Column } from '../components/DataTable';
import { formatDateTime } from '../lib/format';

// Column helpers of the list-screen declaration: a screen lists what it shows, these say how.

type Meta<T> = ColumnMeta<T, unknown>;
type Options<T> = Meta<T> & { id?: string; sortable?: boolean };

const split = <T,>({ id, sortable, ...meta }: Options<T> = {}) => ({ id, sortable, meta });

/** A plain value (a path of the row, e.g. 'email' or 'metaInfo.created.at'). */
export function text<T>(key: string, header: string, options?: Options<T>): Column<T> {
  const { id, sortable, meta } = split(options);
  return { accessorKey: key, ...(id ? { id } : {}), header, enableSorting: sortable ?? true, meta };
}

/** A computed value; `cell` renders it when the value alone is not the view. */
export function value<T>(id: string, header: string, get: (row: T) => unknown, options?: Options<T> & { cell?: (row: T) => ReactNode }): Column<T> {
  const { cell, ...rest } = options ?? {};
  const { sortable, meta } = split(rest);
  return { id, accessorFn: get, header, enableSorting: sortable ?? true, meta, ...(cell ? { cell: ({ row }) => cell(row.original) } : {}) };
}

/** The spec's DD/MM/YYYY HH:mm of an ISO time; sorts by the time, searches the text shown. */
export function date<T>(id: string, header: string, get: (row: T) => string, options?: Options<T>): Column<T> {
  const { sortable, meta } = split(options);
  return {
    id,
    accessorFn: get,
    header,
    enableSorting: sortable ?? true,
    cell: ({ row }) => formatDateTime(get(row.original)),
    meta: { width: 140, searchValue: (row: T) => formatDateTime(get(row)), ...meta },
  };
}

type BadgeColor = NonNullable<BadgeProps['color']>;

/** A value as a tinted badge, its colour by value ('subtle' for others; '—' for none). */
export function badge<T>(key: string, header: string, colors: Readonly<Record<string, BadgeColor>>, options?: Options<T>): Column<T> {
  const { id, sortable, meta } = split(options);
  return {
    accessorKey: key,
    ...(id ? { id } : {}),
    header,
    enableSorting: sortable ?? true,
    meta,
    cell: ({ getValue }) => {
      const shown = getValue() as string | null | undefined;
      return shown ? (
        <Badge appearance="tint" color={colors[shown] ?? 'subtle'}>
          {shown}
        </Badge>
      ) : (
        '—'
      );
    },
  };
}

/** A count that opens what it counts (a button named by `label`, showing the number). */
export function count<T>(id: string, header: string, get: (row: T) => number, open: (row: T) => void, label: (row: T) => string, options?: Options<T>): Column<T> {
  const { sortable, meta } = split(options);
  return {
    id,
    accessorFn: get,
    header,
    enableSorting: sortable ?? true,
    meta: { width: 112, align: 'center', searchable: false, ...meta },
    cell: ({ row }) => (
      // The visible number starts the accessible name (WCAG 2.5.3, label in name).
      <Button size="small" appearance="subtle" onClick={() => open(row.original)} aria-label={`${get(row.original)} ${label(row.original)}`}>
        {get(row.original)}
      </Button>
    ),
  };
}

const useStyles = makeStyles({
  link: { textAlign: 'start', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
  twoLines: { display: 'block', whiteSpace: 'normal', lineHeight: '14px', textAlign: 'center' },
});

function LinkCell({ children, onClick, title }: { children: ReactNode; onClick: () => void; title: string }) {
  const styles = useStyles();
  return (
    <Link as="button" className={styles.link} onClick={onClick} title={title}>
      {children}
    </Link>
  );
}

/** A text that opens something (a preview, a detail screen). */
export function link<T>(key: string, header: string, open: (row: T) => void, title: (row: T) => string, options?: Options<T>): Column<T> {
  const { id, sortable, meta } = split(options);
  return {
    accessorKey: key,
    ...(id ? { id } : {}),
    header,
    enableSorting: sortable ?? true,
    meta,
    cell: ({ row, getValue }) => (
      <LinkCell onClick={() => open(row.original)} title={title(row.original)}>
        {String(getValue() ?? '')}
      </LinkCell>
    ),
  };
}

/** A column header of two words on two lines (for narrow icon columns). */
export function TwoLines({ text: words }: { text: string }) {
  const styles = useStyles();
  return <span className={styles.twoLines}>{words}</span>;
}

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
    cell: ({ row }) =>
      hidden?.(row.original) ? null : (
        <Tooltip content={label(row.original)} relationship="label">
          <Button appearance="subtle" size="small" icon={icon} onClick={() => onClick(row.original)} />
        </Tooltip>
      ),
  };
}
