import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Server state. Queries are keyed per call (['adminAuth.users'], ...); mutations invalidate them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Local calls answer whatever the platform does; platform calls pause while it cannot be reached (lib/calls.ts).
      networkMode: 'always',
      refetchOnWindowFocus: false,
      // A failed auth or validation will fail again; retry network and server errors once.
      retry: (count, error) => !(error instanceof ApiError && (error.kind === 'auth' || error.kind === 'validation' || (error.status ?? 0) < 500 && error.kind === 'http')) && count < 1,
    },
    // A save while the platform cannot be reached fails at once with its message, never waits unseen.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// Whether the platform answers is main's to say (the 'platform:status' event, see PlatformBanner), not the
// browser's: a window is "online" while the platform is down. Platform queries pause while it is gone.
onlineManager.setEventListener(() => () => undefined);
