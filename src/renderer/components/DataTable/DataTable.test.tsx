import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { QueryClient } from '@tanstack/react-query';
import { DataTable, type Column } from '.';
import { action } from '../../kit/columns';
import { callKey } from '../../lib/calls';
import { DEFAULT_TABLE_VIEW } from './useTableView';
import { bodyRows, fakeBridge, firstCells, renderUi } from '../../test/render';
import type { Preferences } from '../../../shared/schemas/settings';

// The shared grid as a person meets it: what it shows, and what clicks and keys do to it.

interface Row {
  id: string;
  name: string;
  language: string;
  count: number;
}

const ROWS: Row[] = [
  { id: 'r1', name: 'Banana', language: 'Hindi', count: 3 },
  { id: 'r2', name: 'Apple', language: 'English', count: 1 },
  { id: 'r3', name: 'Cherry', language: 'Tamil', count: 2 },
];

const COLUMNS: Column<Row>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'language', header: 'Language', meta: { filter: 'select' } },
  { accessorKey: 'count', header: 'Count' },
];

const table = () => screen.getByRole('table', { name: 'Fruits' });
const names = () => firstCells(table());
const headers = () => within(table()).getAllByRole('columnheader').map((th) => th.textContent);
const header = (name: string) => within(table()).getByRole('columnheader', { name });

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}, client?: Parameters<typeof renderUi>[1]) {
  return renderUi(<DataTable<Row> ariaLabel="Fruits" columns={COLUMNS} data={ROWS} getRowId={(r) => r.id} {...props} />, client);
}

describe('DataTable', () => {
  it('keeps the focus in the table when the focused row leaves it: the row now at its place, else the table', () => {
    // The list refreshes after a delete, once the confirmation has closed and given the focus back to the
    // row: the row then goes, and the focus must not drop to the page's body.
    let setRows: Dispatch<SetStateAction<Row[]>> = () => undefined;
    function Refreshing() {
      const [rows, set] = useState(ROWS);
      setRows = set;
      return <DataTable<Row> ariaLabel="Fruits" columns={COLUMNS} data={rows} getRowId={(r) => r.id} />;
    }
    renderUi(<Refreshing />);
    const cherry = bodyRows(table())[2]!;
    act(() => cherry.focus());
    expect(document.activeElement).toBe(cherry);
    act(() => setRows((rows) => rows.filter((r) => r.id !== 'r3')));
    expect(document.activeElement).toBe(bodyRows(table())[1]);
    expect(document.activeElement?.textContent).toContain('Apple');
    act(() => setRows([]));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Fruits, scrollable' }));
  });

  it('leaves the focus where it went when a row it left goes: a dialog opened from the row keeps it', () => {
    let setRows: Dispatch<SetStateAction<Row[]>> = () => undefined;
    function WithDialog() {
      const [rows, set] = useState(ROWS);
      setRows = set;
      return (
        <>
          <DataTable<Row> ariaLabel="Fruits" columns={COLUMNS} data={rows} getRowId={(r) => r.id} />
          <button type="button">Delete</button>
        </>
      );
    }
    renderUi(<WithDialog />);
    const dialogButton = screen.getByRole('button', { name: 'Delete' });
    act(() => bodyRows(table())[2]!.focus());
    act(() => dialogButton.focus());
    // The dialog's button is disabled for its call: the focus is on the page's body when the row goes.
    act(() => dialogButton.blur());
    expect(document.activeElement).toBe(document.body);
    act(() => setRows((rows) => rows.filter((r) => r.id !== 'r3')));
    expect(document.activeElement).toBe(document.body);
  });

  it('shows the rows in the order given, with the count under them', () => {
    renderTable();
    expect(headers()).toEqual(['Name', 'Language', 'Count']);
    expect(names()).toEqual(['Banana', 'Apple', 'Cherry']);
    expect(screen.getByText('1–3 of 3 records')).toBeTruthy();
  });

  it('sorts by a header click: ascending, descending, then back to the given order', async () => {
    const { user } = renderTable();
    const name = within(header('Name')).getByRole('button', { name: /Name/ });
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    await user.click(name);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Apple', 'Banana', 'Cherry']);
    await user.click(name);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Cherry', 'Banana', 'Apple']);
    await user.click(name);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Banana', 'Apple', 'Cherry']);
  });

  it('sorts from the keyboard: the header row is one tab stop, arrows move along it, Enter sorts', async () => {
    const { user } = renderTable();
    within(header('Name')).getByRole('button').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(within(header('Count')).getByRole('button'));
    // A column of numbers sorts the largest first.
    await user.keyboard('{Enter}');
    expect(header('Count').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Banana', 'Cherry', 'Apple']);
    await user.keyboard(' ');
    expect(header('Count').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Apple', 'Cherry', 'Banana']);
    // Only one header button is in the tab order.
    expect(within(table()).getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('says what it holds when empty: the screen\'s text, else the default', () => {
    const { unmount } = renderTable({ data: [], emptyText: 'No quotes yet.' });
    expect(within(table()).getByText('No quotes yet.')).toBeTruthy();
    unmount();
    renderTable({ data: [] });
    expect(within(table()).getByText('No records to show.')).toBeTruthy();
  });

  it('says that nothing matches when a search leaves no row', async () => {
    const { user } = renderTable({ emptyText: 'No quotes yet.' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kiwi');
    expect(within(table()).getByText('No records match the search or filters.')).toBeTruthy();
    expect(screen.queryByText('No quotes yet.')).toBeNull();
  });

  it('a load failure shows its message and Retry instead of an empty text', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ data: [], error: 'Cannot reach the server', onRetry, emptyText: 'No quotes yet.' });
    expect(screen.getByText('Cannot reach the server')).toBeTruthy();
    expect(within(table()).getByText('Not loaded.')).toBeTruthy();
    expect(screen.queryByText('No quotes yet.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('filters by a column\'s select and by the search box', async () => {
    const { user } = renderTable();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Tamil');
    expect(names()).toEqual(['Cherry']);
    expect(screen.getByText('1–1 of 1 (filtered from 3) records')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'All');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'an');
    expect(names()).toEqual(['Banana']);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(names()).toEqual(['Banana', 'Apple', 'Cherry']);
  });

  it('pages: Next and Last page, and a new page size starts from page 1', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `m${i + 1}`, name: `Row ${i + 1}`, language: 'Hindi', count: i }));
    const { user } = renderTable({ data: many, pageSize: 10, pageSizeOptions: [10, 20] });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();
    expect(names()[0]).toBe('Row 11');
    expect(screen.getByText('11–20 of 25 records')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Last page' }));
    expect(names()).toEqual(['Row 21', 'Row 22', 'Row 23', 'Row 24', 'Row 25']);
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(within(pager).getByRole('combobox', { name: 'Rows per page' }), '20');
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(names()).toHaveLength(20);
  });

  describe('row actions', () => {
    const actions = (did: string[]): Column<Row>[] => [
      // Declared first, shown last: row actions are pinned at the right edge.
      action<Row>('edit', 'Edit', { label: (r) => `Edit ${r.name}`, icon: <EditRegular />, onClick: (r) => did.push(`edit ${r.id}`) }),
      ...COLUMNS,
      action<Row>('delete', 'Delete', { label: (r) => `Delete ${r.name}`, icon: <DeleteRegular />, onClick: (r) => did.push(`delete ${r.id}`), hidden: (r) => r.id === 'r2' }),
    ];

    it('are pinned at the right edge, one button per row, left out where a row has none', async () => {
      const did: string[] = [];
      const { user } = renderTable({ columns: actions(did) });
      expect(headers()).toEqual(['Name', 'Language', 'Count', 'Edit', 'Delete']);
      for (const name of ['Edit', 'Delete']) expect(header(name).style.position).toBe('sticky');
      expect(header('Name').style.position).toBe('');
      await user.click(screen.getByRole('button', { name: 'Edit Apple' }));
      await user.click(screen.getByRole('button', { name: 'Delete Cherry' }));
      expect(did).toEqual(['edit r2', 'delete r3']);
      expect(screen.queryByRole('button', { name: 'Delete Apple' })).toBeNull();
    });

    it('are offered in the row\'s menu (Shift+F10), and Enter on a row is the screen\'s Edit', async () => {
      const did: string[] = [];
      const activated: string[] = [];
      const { user } = renderTable({ columns: actions(did), onRowActivate: (r) => activated.push(r.id) });
      const rows = bodyRows(table());
      // One row is in the tab order; the arrows move it.
      expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
      rows[0]!.focus();
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(rows[1]);
      await user.keyboard('{Enter}');
      expect(activated).toEqual(['r2']);
      // Apple (r2) has no Delete: its menu offers Edit only.
      await user.keyboard('{Shift>}{F10}{/Shift}');
      const menu = await screen.findByRole('menu', { name: 'Row actions' });
      expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Edit']);
      // The menu takes the focus; Escape closes it and gives the focus back to the row.
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu', { name: 'Row actions' })).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(rows[1]));
      await user.keyboard('{Shift>}{F10}{/Shift}');
      await user.click(within(await screen.findByRole('menu', { name: 'Row actions' })).getByRole('menuitem', { name: 'Edit' }));
      expect(did).toEqual(['edit r2']);
      // The row keeps the focus, so a dialog the action opens can give it back there.
      expect(document.activeElement).toBe(rows[1]);
      await waitFor(() => expect(screen.queryByRole('menu', { name: 'Row actions' })).toBeNull());
      rows[2]!.focus();
      await user.keyboard('{Shift>}{F10}{/Shift}');
      const cherry = await screen.findByRole('menu', { name: 'Row actions' });
      expect(within(cherry).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Edit', 'Delete']);
      await user.click(within(cherry).getByRole('menuitem', { name: 'Delete' }));
      expect(did).toEqual(['edit r2', 'delete r3']);
    });
  });

  describe('the View menu (with a kept view)', () => {
    const preferences = (tables: Preferences['tables']) => {
      const client = new QueryClient();
      client.setQueryData(callKey('settings.preferences'), { tables } as Preferences);
      return client;
    };

    it('hides and shows columns, keeps at least one, and the choice is saved under the screen\'s key', async () => {
      const bridge = fakeBridge({ 'api:settings.setTableView': () => ({ ok: true, data: null }) });
      const { user } = renderTable({ viewKey: 'fruits' }, { client: preferences({}) });
      await user.click(screen.getByRole('button', { name: 'View' }));
      const menu = await screen.findByRole('menu');
      await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Language' }));
      expect(headers()).toEqual(['Name', 'Count']);
      await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Count' }));
      expect(headers()).toEqual(['Name']);
      // The last column shown cannot be hidden.
      expect(within(menu).getByRole('menuitemcheckbox', { name: 'Name' }).getAttribute('aria-disabled')).toBe('true');
      await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Count' }));
      expect(headers()).toEqual(['Name', 'Count']);
      await waitFor(() => expect(bridge.inputsOf('api:settings.setTableView').at(-1)).toEqual({ table: 'fruits', view: { ...DEFAULT_TABLE_VIEW, hidden: ['language'] } }));
      await user.click(within(menu).getByRole('menuitem', { name: 'Reset view' }));
      expect(headers()).toEqual(['Name', 'Language', 'Count']);
    });

    it('opens with the view kept for its key', () => {
      fakeBridge({ 'api:settings.setTableView': () => ({ ok: true, data: null }) });
      renderTable({ viewKey: 'fruits' }, { client: preferences({ fruits: { ...DEFAULT_TABLE_VIEW, hidden: ['count'], sort: { id: 'name', desc: true } } }) });
      expect(headers()).toEqual(['Name', 'Language']);
      expect(header('Name').getAttribute('aria-sort')).toBe('descending');
      expect(names()).toEqual(['Cherry', 'Banana', 'Apple']);
    });
  });
});
