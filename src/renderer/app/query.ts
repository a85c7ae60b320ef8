import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Server state. Queries are keyed per call (['adminAuth.users'], ...); mutations invalidate them. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A failed auth or validation will fail again; retry network and server errors once.
      retry: (count, error) => !(error instanceof ApiError && (error.kind === 'auth' || error.kind === 'validation' || (error.status ?? 0) < 500 && error.kind === 'http')) && count < 1,
    },
    mutations: { retry: false },
  },
});
