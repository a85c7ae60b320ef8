import { useQuery } from '@tanstack/react-query';
import type { LibraryFilter } from '../../../shared/schemas/library';
import { callQuery } from '../../lib/calls';

/** The library list: the whole list, or the server-side filtered one (GET /media with the query). */
export function useLibraryFiles(filter: LibraryFilter | null) {
  return useQuery(filter ? callQuery('library.media', filter) : callQuery('library.mediaList'));
}

export const useQuestions = () => useQuery(callQuery('questionBank.questions'));
