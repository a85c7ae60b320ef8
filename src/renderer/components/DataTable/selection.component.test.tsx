import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DataTable, type Column } from '.';
import { emptySelection, type Selection } from './selection';
import type { SelectionInfo } from './useTableSelection';
import { bodyRows, renderUi } from '../../test/render';

// The check-box column as a person uses it: clicks, Shift-clicks and the keys.

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 7 }, (_, i) => ({ id: `r${i}`, name: `Fruit ${i}` }));
const COLUMNS: Column<Row>[] = [{ accessorKey: 'name', header: 'Name' }];

function Selectable() {
  const [value, setValue] = useState<Selection<Row>>(emptySelection);
  const bar = (info: SelectionInfo<Row>) => (
    <div role="toolbar" aria-label="Selected rows">
      <span>{`${info.count} selected`}</span>
      {info.canSelectAll ? <button onClick={info.selectAll}>{`Select all ${info.matching} matching`}</button> : null}
    </div>
  );
  return <DataTable<Row> ariaLabel="Fruits" columns={COLUMNS} data={ROWS} getRowId={(r) => r.id} pageSize={5} pageSizeOptions={[5]} selection={{ value, onChange: setValue, bar }} rowLabel={(r) => r.name} />;
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
const checked = () => ROWS.slice(0, 5).filter((r) => box(r.name).checked).map((r) => r.name);
const said = () => screen.queryByRole('toolbar', { name: 'Selected rows' })?.textContent ?? '';

describe('DataTable selection', () => {
  it('a click ticks a row, Shift-click a range; the header box takes the page', async () => {
    const { user } = renderUi(<Selectable />);
    await user.click(box('Fruit 1'));
    await user.keyboard('{Shift>}');
    await user.click(box('Fruit 3'));
    await user.keyboard('{/Shift}');
    expect(checked()).toEqual(['Fruit 1', 'Fruit 2', 'Fruit 3']);
    expect(said()).toContain('3 selected');
    const header = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    await user.click(header);
    expect(checked()).toHaveLength(5);
    // The whole page is selected and seven match: all of them may be selected.
    await user.click(screen.getByRole('button', { name: 'Select all 7 matching' }));
    expect(said()).toContain('7 selected');
  });

  it('Space, Shift+Space and Shift+arrows on rows, Ctrl+A, Escape', async () => {
    const { user } = renderUi(<Selectable />);
    const rows = bodyRows(screen.getByRole('table', { name: 'Fruits' }));
    rows[0]!.focus();
    await user.keyboard(' ');
    expect(checked()).toEqual(['Fruit 0']);
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(checked()).toEqual(['Fruit 0', 'Fruit 1', 'Fruit 2']);
    await user.keyboard('{Escape}');
    expect(checked()).toEqual([]);
    expect(said()).toBe('');
    within(screen.getByRole('table', { name: 'Fruits' }));
    bodyRows(screen.getByRole('table', { name: 'Fruits' }))[1]!.focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(checked()).toHaveLength(5);
    await user.keyboard(' ');
    expect(checked()).toEqual(['Fruit 0', 'Fruit 2', 'Fruit 3', 'Fruit 4']);
  });

  it('Ctrl+A on the screen outside the table selects the page too, but not in a text field', async () => {
    const { user } = renderUi(
      <>
        <input aria-label="Search" />
        <button>Elsewhere</button>
        <Selectable />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('{Control>}a{/Control}');
    expect(checked()).toEqual([]);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(checked()).toHaveLength(5);
    expect(said()).toContain('5 selected');
  });
});
