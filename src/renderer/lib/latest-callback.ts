import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A callback that stays the same function across renders and calls the newest `fn`: a memoised part
 * (a table's pager, menu, header) then renders again only for what it shows, not for a new closure.
 * For event handlers only: it must not be called while rendering.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
