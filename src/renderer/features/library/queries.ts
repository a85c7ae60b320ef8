import { useQuery } from '@tanstack/react-query';
import type { LibraryFilter } from '../../../shared/schemas/library';
import { unwrap } from '../../components/api';

export const LIBRARY_KEY = ['library'] as const;
export const mediaKey = (filter: LibraryFilter | null) => [...LIBRARY_KEY, 'media', filter ?? 'all'] as const;

/** The library list: the whole list, or the server-side filtered one (GET /media with the query). */
export function useLibraryFiles(filter: LibraryFilter | null) {
  return useQuery({
    queryKey: mediaKey(filter),
    queryFn: () => unwrap(filter ? window.api.library.media(filter) : window.api.library.mediaList()),
  });
}

const STATIC = { staleTime: 5 * 60_000 } as const;

export const useKeywords = () =>
  useQuery({ queryKey: ['library.keywords'], queryFn: () => unwrap(window.api.library.keywords()), ...STATIC });
export const useCategories = () =>
  useQuery({ queryKey: ['library.categories'], queryFn: () => unwrap(window.api.library.categories()), ...STATIC });
export const useBusinessIdeas = () =>
  useQuery({ queryKey: ['businessIdeas.all'], queryFn: () => unwrap(window.api.businessIdeas.all()), ...STATIC });
export const useQuestions = () =>
  useQuery({ queryKey: ['questionBank.questions'], queryFn: () => unwrap(window.api.questionBank.questions()) });
