import { Text } from '@fluentui/react-components';
import { countText } from '../../lib/rows';
import { Pager } from './Pager';
import type { DataTableStyles } from './styles';
import type { RowPipeline } from './useRowPipeline';

/** Below the table: the count of its rows and, when it pages, the pager. */
export function TableFooter<T>({ view, loading, error, paged, sizes, id, styles }: {
  view: RowPipeline<T>;
  loading: boolean;
  error: string | null;
  /** The pager shows (the table pages and is not being reordered). */
  paged: boolean;
  sizes: readonly number[];
  id: string;
  styles: DataTableStyles;
}) {
  const { page, total } = view;
  return (
    <div className={styles.footer}>
      {/* Quiet while the list arrives (its count grows each second); the whole list's count is announced. */}
      <Text size={200} className={styles.count} aria-live={view.stillLoading ? 'off' : 'polite'}>
        {loading && total === 0
          ? 'Loading…'
          : error && total === 0
            ? ''
            : view.stillLoading
              ? `${countText(page, view.selectedCount, total)} so far, still loading…`
              : countText(page, view.selectedCount, total)}
      </Text>
      {paged ? (
        <Pager
          id={id}
          pageIndex={view.pageState.pageIndex}
          pageSize={view.pageState.pageSize}
          pageCount={page.pageCount}
          sizes={sizes}
          onChange={view.setPageState}
          styles={styles}
        />
      ) : null}
    </div>
  );
}
