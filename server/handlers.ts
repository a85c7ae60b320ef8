import type { Handlers } from './context';
import { adminAuth } from './admin-auth/handlers';
import { questionBank } from './question-bank/handlers';
import { videoRepository } from './video-repository/handlers';
import { library } from './library/handlers';
import { businessIdeas } from './business-ideas/handlers';
import { userApp } from './user-app/handlers';
import { mentorship } from './mentorship/handlers';

/** The handler table, keyed exactly like `contract`: a missing entry fails the type check and the server start. */
export const handlers: Handlers = { adminAuth, questionBank, videoRepository, library, businessIdeas, mentorship, userApp };
