import { useQuery } from '@tanstack/react-query';
import { callQuery } from './calls';

// The library's reference lists that Add File and the bulk queue's defaults panel both offer.

/** Lists that change rarely: fetched again after five minutes at the earliest. */
const STATIC = { staleTime: 5 * 60_000 } as const;

export const useKeywords = () => useQuery({ ...callQuery('library.keywords'), ...STATIC });
export const useCategories = () => useQuery({ ...callQuery('library.categories'), ...STATIC });
export const useBusinessIdeas = () => useQuery({ ...callQuery('businessIdeas.all'), ...STATIC });
