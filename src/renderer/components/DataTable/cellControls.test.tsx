import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { EditRegular } from '@fluentui/react-icons';
import { DataTable, type Column } from '.';
import { RowActionButton } from './cellControls';
import { SearchBox } from './Toolbar';
import { useDataTableStyles } from './styles';
import { renderUi } from '../../test/render';

// The light row controls and the search box that passes its text on as a transition.

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Apple' },
  { id: 'b', name: 'Banana' },
  { id: 'c', name: 'Cherry' },
];

describe('row buttons and their one tooltip', () => {
  const edited: string[] = [];
  const columns: Column<Row>[] = [
    { accessorKey: 'name', header: 'Name' },
    { id: 'edit', header: 'Edit', enableSorting: false, cell: ({ row }) => <RowActionButton label={`Edit ${row.original.name}`} icon={<EditRegular />} onClick={() => edited.push(row.original.name)} /> },
  ];

  it('a button is named by its label and runs its action; hover and focus show the label as the tooltip, Escape and blur hide it', async () => {
    const { user } = renderUi(<DataTable<Row> ariaLabel="Fruits" columns={columns} data={ROWS} getRowId={(r) => r.id} />);
    const edit = screen.getByRole('button', { name: 'Edit Banana' });
    await user.click(edit);
    expect(edited).toEqual(['Banana']);
    await user.hover(screen.getByRole('button', { name: 'Edit Cherry' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit Cherry');
    await user.unhover(screen.getByRole('button', { name: 'Edit Cherry' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    act(() => screen.getByRole('button', { name: 'Edit Apple' }).focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit Apple');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('the tooltip goes when the rows change under it', async () => {
    const { user } = renderUi(<DataTable<Row> ariaLabel="Fruits" columns={columns} data={ROWS} getRowId={(r) => r.id} />);
    await user.hover(screen.getByRole('button', { name: 'Edit Cherry' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit Cherry');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ban');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Cherry' })).toBeNull());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

function Box({ onChange }: { onChange: (value: string) => void }) {
  const styles = useDataTableStyles();
  const [search, setSearch] = useState({ value: '', setByTable: 0 });
  return (
    <>
      <SearchBox
        key={search.setByTable}
        value={search.value}
        onChange={(value) => {
          onChange(value);
          setSearch((s) => ({ ...s, value }));
        }}
        placeholder="Search"
        styles={styles}
      />
      {/* The table's side: it takes what the box sends, renders an older search late (under load), or sets one of its own (a new box, as DataTable does). */}
      <button onClick={() => setSearch((s) => ({ ...s, value: 'ap' }))}>late ap</button>
      <button onClick={() => setSearch((s) => ({ ...s, value: 'a' }))}>late a</button>
      <button onClick={() => setSearch((s) => ({ value: 'cherry', setByTable: s.setByTable + 1 }))}>set cherry</button>
      <button onClick={() => setSearch((s) => ({ value: '', setByTable: s.setByTable + 1 }))}>reset</button>
    </>
  );
}

describe('SearchBox', () => {
  it('keeps what is typed whatever older search the table renders; takes a search the table sets itself', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Box onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await user.type(box, 'apple');
    expect(box.value).toBe('apple');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('apple'));
    // 'ap' and 'a' were sent on the way to 'apple': the table rendering them late, in any order, does not undo the typing
    // (the CI flake of datatable.spec.ts: React rendered the table's search older than an echo the box had already seen).
    await user.click(screen.getByRole('button', { name: 'late ap' }));
    await user.click(screen.getByRole('button', { name: 'late a' }));
    expect(box.value).toBe('apple');
    await user.type(box, 's');
    expect(box.value).toBe('apples');
    // A search the table sets itself (Reset view, a record opened from elsewhere) replaces the text.
    await user.click(screen.getByRole('button', { name: 'set cherry' }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('cherry');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
  });

  it('Clear search empties the box and tells the table', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Box onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await user.type(box, 'kiwi');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box.value).toBe('');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });
});
