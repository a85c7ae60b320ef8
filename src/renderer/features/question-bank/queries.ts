import { unwrap } from '../../lib/api';
import { callQuery, invoke } from '../../lib/calls';

/** Marked when the question list arrives (bench/table.ts measures from here to the first painted rows). */
export const QUESTIONS_ARRIVED_MARK = 'questionBank:questions-arrived';
/** Marked when the screen first renders with the list (the table's own first render starts here). */
export const QUESTIONS_RENDERED_MARK = 'questionBank:questions-rendered';

/**
 * The question list, marked on arrival. No structural sharing: comparing 100,000 questions deeply with
 * the previous list costs more than a re-render.
 */
export const questionsQuery = {
  ...callQuery('questionBank.questions'),
  structuralSharing: false,
  queryFn: async () => {
    const list = await unwrap(invoke('questionBank.questions'));
    performance.clearMarks(QUESTIONS_ARRIVED_MARK);
    performance.mark(QUESTIONS_ARRIVED_MARK, { detail: { count: list.length } });
    return list;
  },
};

/** Question and resource tables use the default page size (spec 1 section 9): 20, options 20, 50, 100. */
export const QB_PAGE_SIZE = 20;
export const QB_PAGE_SIZES = [20, 50, 100] as const;

/** Moved to src/shared/dates.ts: main's list windows build the same search text. */
export { fastDateTime } from '../../../shared/dates';
