import type { LocalImpl, Local } from '../../shared/api';
import type { WindowQuery } from '../../shared/windows';
import { ok } from '../../shared/result';
import type { Windows } from '../services/lists/windows';

/** The list windows main keeps (DESIGN section 12): the renderer asks for what it shows. */
export function createWindowsGroup({ windows }: { windows: Windows }) {
  const calls: LocalImpl<Local>['windows'] = {
    query: (input) => windows.window(input as WindowQuery),
    refresh: async ({ list }) => {
      windows.invalidate((name) => name === list);
      return ok({});
    },
    forget: async ({ view }) => {
      windows.forgetView(view);
      return ok({});
    },
  };
  return { calls };
}
