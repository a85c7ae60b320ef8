import { useEffect, useRef } from 'react';
import { create } from 'zustand';

/**
 * What the screen on show offers the keyboard, the command palette and the native menu: focus its
 * search, open its Add dialog, reload its list. A list screen registers them while it is mounted.
 */
export interface ScreenCommands {
  focusSearch?: () => void;
  add?: () => void;
  /** The Add button's text ('Add Admin'): the palette names the action with it. */
  addLabel?: string;
  reload?: () => void;
}

export const useScreenCommandStore = create<{ commands: ScreenCommands }>(() => ({ commands: {} }));

/** Registers the screen's commands while it is mounted; the latest functions are called, not the first. */
export function useScreenCommands(commands: ScreenCommands): void {
  const latest = useRef(commands);
  latest.current = commands;
  const has = { focusSearch: !!commands.focusSearch, add: !!commands.add, reload: !!commands.reload };
  const { addLabel } = commands;
  useEffect(() => {
    const registered: ScreenCommands = {
      focusSearch: has.focusSearch ? () => latest.current.focusSearch?.() : undefined,
      add: has.add ? () => latest.current.add?.() : undefined,
      addLabel,
      reload: has.reload ? () => latest.current.reload?.() : undefined,
    };
    useScreenCommandStore.setState({ commands: registered });
    return () => {
      if (useScreenCommandStore.getState().commands === registered) useScreenCommandStore.setState({ commands: {} });
    };
  }, [has.focusSearch, has.add, has.reload, addLabel]);
}
