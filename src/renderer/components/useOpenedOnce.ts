import { useState } from 'react';

/**
 * True from the first time `open` is: a dialog or menu is mounted when first asked for, not with its
 * screen (a screen opens faster), and stays mounted after, so that it closes with its animation and
 * keeps what it held.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
