import { memo } from 'react';
import { useOpenedOnce } from '../useOpenedOnce';
import { Menu, MenuItem, MenuList, MenuPopover, type PositioningVirtualElement } from '@fluentui/react-components';
import type { RowAction } from './columns';

export interface RowMenuState<T> {
  row: T;
  /** Position of the row on the page. */
  pos: number;
  /** The row (Shift+F10, the menu key) or the pointer (right click). */
  target: HTMLElement | PositioningVirtualElement;
}

/** A row's context menu: the same actions as its action columns (rows without one leave it out). */
function RowMenuOf<T>({ state, actions, onClose, onRun }: {
  state: RowMenuState<T> | null;
  actions: readonly RowAction<T>[];
  onClose: () => void;
  onRun: (action: RowAction<T>, state: RowMenuState<T>) => void;
}) {
  const available = state ? actions.filter((a) => !a.hidden?.(state.row)) : [];
  // Mounted with the first menu asked for, not with every table.
  if (!useOpenedOnce(state !== null)) return null;
  return (
    <Menu
      open={state !== null && available.length > 0}
      onOpenChange={(_e, data) => {
        if (!data.open) onClose();
      }}
      positioning={{ target: state?.target ?? null, position: 'below', align: 'start' }}
    >
      <MenuPopover>
        <MenuList aria-label="Row actions">
          {state
            ? available.map((action) => (
                <MenuItem key={action.text} icon={action.icon} onClick={() => onRun(action, state)}>
                  {action.text}
                </MenuItem>
              ))
            : null}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** Memoised: the table renders it again only when its row or actions change (give it stable callbacks). */
export const RowMenu = memo(RowMenuOf) as typeof RowMenuOf;
