import { memo, type JSX } from 'react';
import { Button, Select, Text } from '@fluentui/react-components';
import { Tooltip } from '../Tooltip';
import { ChevronDoubleLeftRegular, ChevronDoubleRightRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { DataTableStyles } from './styles';

function PagerButton({ label, icon, disabled, onClick }: { label: string; icon: JSX.Element; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" size="small" icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
}

/** Rows per page, 'Page x of y' and first, previous, next, last (memoised: it renders again only when these change). */
export const Pager = memo(function Pager({ id, pageIndex, pageSize, pageCount, sizes, onChange, styles }: {
  id: string;
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  sizes: readonly number[];
  onChange: (next: { pageIndex: number; pageSize: number }) => void;
  styles: DataTableStyles;
}) {
  const go = (index: number) => onChange({ pageIndex: Math.min(pageCount - 1, Math.max(0, index)), pageSize });
  const first = pageIndex === 0;
  const last = pageIndex >= pageCount - 1;
  return (
    <div className={styles.pager} role="navigation" aria-label="Pagination">
      <label htmlFor={id} className={styles.filterLabel}>
        Rows per page
      </label>
      <Select id={id} size="small" value={String(pageSize)} onChange={(_e, d) => onChange({ pageIndex: 0, pageSize: Number(d.value) })}>
        {[...new Set([...sizes, pageSize])]
          .sort((a, b) => a - b)
          .map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
      </Select>
      <Text size={200} className={styles.pageOf}>
        Page {Math.min(pageIndex + 1, pageCount)} of {pageCount}
      </Text>
      <PagerButton label="First page" icon={<ChevronDoubleLeftRegular />} disabled={first} onClick={() => go(0)} />
      <PagerButton label="Previous page" icon={<ChevronLeftRegular />} disabled={first} onClick={() => go(pageIndex - 1)} />
      <PagerButton label="Next page" icon={<ChevronRightRegular />} disabled={last} onClick={() => go(pageIndex + 1)} />
      <PagerButton label="Last page" icon={<ChevronDoubleRightRegular />} disabled={last} onClick={() => go(pageCount - 1)} />
    </div>
  );
});
