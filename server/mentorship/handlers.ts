import type { ServiceHandlers } from '../context';
import { mentorHandlers } from './mentors';
import { sessionHandlers } from './sessions';

/** The mentorship service: events (sessions) and mentors (session users). */
export const mentorship: ServiceHandlers<'mentorship'> = { ...sessionHandlers, ...mentorHandlers };
