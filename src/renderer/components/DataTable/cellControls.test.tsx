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
  const [value, setValue] = useState('');
  return (
    <>
      <SearchBox value={value} onChange={onChange} placeholder="Search" styles={styles} />
      {/* The table's side: it answers with a value the box sent, late, or sets one of its own. */}
      <button onClick={() => setValue('ap')}>echo ap</button>
      <button onClick={() => setValue('cherry')}>set cherry</button>
      <button onClick={() => setValue('')}>reset</button>
    </>
  );
}

describe('SearchBox', () => {
  it('keeps what is typed when an older value it sent comes back; takes a value from outside', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Box onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await user.type(box, 'apple');
    expect(box.value).toBe('apple');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('apple'));
    // 'ap' was sent on the way to 'apple': the table showing it late does not undo the typing.
    await user.click(screen.getByRole('button', { name: 'echo ap' }));
    expect(box.value).toBe('apple');
    // A search the table sets itself (a named view, Reset view) replaces the text.
    await user.click(screen.getByRole('button', { name: 'set cherry' }));
    expect(box.value).toBe('cherry');
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(box.value).toBe('');
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
