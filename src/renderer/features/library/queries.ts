import { useQuery } from '@tanstack/react-query';
import type { LibraryFilter } from '../../../shared/schemas/library';
import { callQuery } from '../../lib/calls';

/** The library list: the whole list, or the server-side filtered one (GET /media with the query). */
export function useLibraryFiles(filter: LibraryFilter | null) {
  return useQuery(filter ? callQuery('library.media', filter) : callQuery('library.mediaList'));
}

/** Lists that change rarely: fetched again after five minutes at the earliest. */
const STATIC = { staleTime: 5 * 60_000 } as const;

export const useKeywords = () => useQuery({ ...callQuery('library.keywords'), ...STATIC });
export const useCategories = () => useQuery({ ...callQuery('library.categories'), ...STATIC });
export const useBusinessIdeas = () => useQuery({ ...callQuery('businessIdeas.all'), ...STATIC });
export const useQuestions = () => useQuery(callQuery('questionBank.questions'));
