import { useEffect, useState } from 'react';
import type { UpdateState } from '../../../shared/schemas/desktop';

/** Where updates stand, followed live (main's 'desktop:update' events); null until main answered. */
export function useUpdateState(): UpdateState | null {
  const [state, setState] = useState<UpdateState | null>(null);
  useEffect(() => {
    let alive = true;
    const off = window.api.on('desktop:update', (next) => setState(next));
    void window.api.desktop.updates().then((answer) => {
      if (alive && answer.ok) setState((current) => current ?? answer.data);
    });
    return () => {
      alive = false;
      off();
    };
  }, []);
  return state;
}

/** One sentence for the About dialog. */
export function updateStatusText(state: UpdateState): string {
  if (state.lockedOff) return state.lockedOff;
  switch (state.status) {
    case 'unavailable':
      return state.message ?? 'Updates are not available here.';
    case 'off':
      return `Updates are off. This is version ${state.current}.`;
    case 'idle':
      return state.message ?? `This is version ${state.current}.`;
    case 'checking':
      return 'Checking for updates…';
    case 'up-to-date':
      return `Version ${state.current} is the newest.`;
    case 'downloading':
      return `Downloading version ${state.version ?? ''} in the background (${Math.floor(state.percent ?? 0)}%).`;
    case 'ready':
      return state.offered ? `Version ${state.version} is downloaded and verified, ready to install.` : `Version ${state.version} is ready. ${state.deferredBecause ?? ''} It is offered when that ends.`;
    case 'error':
      return state.message ?? 'The update could not be completed.';
  }
}
