import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldOption } from './options';
import { callQuery } from './calls';

// Choice lists several forms share (groups, business ideas, mentors), as select options.

/** Lists that change rarely: fetched again after five minutes at the earliest. */
const STATIC = { staleTime: 5 * 60_000 } as const;

/** The synonym groups (GET /synonyms/keywords): the forms' 'Groups'. */
export function useGroupOptions(): FieldOption[] {
  const { data } = useQuery({ ...callQuery('library.keywords'), ...STATIC });
  return useMemo(() => (data ?? []).map((k) => ({ value: k._id, label: k.keyword })), [data]);
}

/** The business ideas (GET /api/v1/bussinessIdeas/all-detailed), by their English name. */
export function useBusinessIdeaOptions(): FieldOption[] {
  const { data } = useQuery({ ...callQuery('businessIdeas.all'), ...STATIC });
  return useMemo(() => (data ?? []).map((b) => ({ value: b._id, label: b.inEnglish })), [data]);
}


/** The mentors (GET /session-users/get-session-user), by name: an event's attendees. */
export function useMentorOptions(): FieldOption[] {
  const { data } = useQuery(callQuery('mentorship.sessionUsers'));
  return useMemo(() => (data ?? []).map((m) => ({ value: m._id, label: m.name })), [data]);
}
