import { memo, useState } from 'react';
import type { Table } from '@tanstack/react-table';
import { Button, makeStyles, tokens, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuItemCheckbox, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Spinner } from '@fluentui/react-components';
import { Tooltip } from '../Tooltip';
import { ArrowDownloadRegular, TableSettingsRegular } from '@fluentui/react-icons';
import type { Density } from '../../../shared/schemas/settings';
import { headerText } from './columns';

const useStyles = makeStyles({ fitted: { color: tokens.colorNeutralForeground2, minWidth: 'auto', whiteSpace: 'nowrap' } });

/** Columns a person may hide: all but the row actions (those are in the row's menu too, but stay). */
export const hideableColumns = <T,>(table: Table<T>) => table.getAllLeafColumns().filter((c) => !c.columnDef.meta?.action && c.getCanHide());

/**
 * The table's View menu: which columns show (at least one stays), the density, and back to the
 * screen's defaults. It stays open while columns are ticked, so several can be changed in one visit.
 */
function ViewMenuOf<T>({ table, density, onDensity, onReset, disabled, fitted = 0 }: {
  table: Table<T>;
  /** The columns shown: the menu reads them from `table`, which stays the same object; this renders it again. */
  visibility: unknown;
  density: Density;
  onDensity: (density: Density) => void;
  onReset: () => void;
  disabled?: boolean;
  /** How many columns are hidden to fit the window (ticking one shows it, and the table scrolls). */
  fitted?: number;
}) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const columns = hideableColumns(table);
  const checked = { columns: columns.filter((c) => c.getIsVisible()).map((c) => c.id), density: [density] };
  return (
    <>
      {/* A narrow window hides columns: how many is said beside the View button, not only inside its menu; it opens the menu. */}
      {fitted > 0 ? (
        <Button appearance="subtle" size="small" disabled={disabled} onClick={() => setOpen(true)} className={styles.fitted}>
          {`${fitted} ${fitted === 1 ? 'column' : 'columns'} hidden`}
        </Button>
      ) : null}
      <Menu
        open={open}
        onOpenChange={(_e, data) => setOpen(data.open)}
        persistOnItemClick
        checkedValues={checked}
        onCheckedValueChange={(_e, { name, checkedItems }) => {
          if (name === 'density') return onDensity(checkedItems[0] === 'compact' ? 'compact' : 'comfortable');
          const shown = new Set(checkedItems);
          if (shown.size === 0) return;
          table.setColumnVisibility((old) => ({ ...old, ...Object.fromEntries(columns.map((c) => [c.id, shown.has(c.id)])) }));
        }}
      >
        {/* Icon buttons with their names as tooltips: the toolbar's text buttons stay the screen's own. */}
        <Tooltip content="View" relationship="label">
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<TableSettingsRegular />} disabled={disabled} />
          </MenuTrigger>
        </Tooltip>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{fitted > 0 ? `Columns (${fitted} hidden to fit the window)` : 'Columns'}</MenuGroupHeader>
              {columns.map((c) => (
                <MenuItemCheckbox key={c.id} name="columns" value={c.id} disabled={checked.columns.length === 1 && c.getIsVisible()}>
                  {headerText(c.columnDef)}
                </MenuItemCheckbox>
              ))}
            </MenuGroup>
            <MenuDivider />
            <MenuGroup>
              <MenuGroupHeader>Density</MenuGroupHeader>
              <MenuItemRadio name="density" value="comfortable">
                Comfortable
              </MenuItemRadio>
              <MenuItemRadio name="density" value="compact">
                Compact
              </MenuItemRadio>
            </MenuGroup>
            <MenuDivider />
            <MenuItem
              onClick={() => {
                setOpen(false);
                onReset();
              }}
            >
              Reset view
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  );
}

/** Memoised, like the export button (give them stable callbacks): a keystroke in the search does not render them. */
export const ViewMenu = memo(ViewMenuOf) as typeof ViewMenuOf;

/** Export CSV: the rows of the current view (searched, filtered, sorted; all pages), through the save dialog. */
export const ExportButton = memo(function ExportButton({ onExport, disabled }: { onExport: () => Promise<void>; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Tooltip content="Export CSV" relationship="label">
      <Button
        icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
        disabled={disabled}
        // Focusable while busy: a disabled button drops the focus to the page (Escape would then miss its drawer).
        disabledFocusable={busy && !disabled}
        onClick={() => {
          setBusy(true);
          void onExport().finally(() => setBusy(false));
        }}
      />
    </Tooltip>
  );
});
