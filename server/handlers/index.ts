import type { Handlers } from '../context';
import { adminAuth } from './admin-auth';
import { questionBank } from './question-bank';
import { videoRepository } from './video-repository';
import { library } from './library';
import { businessIdeas } from './business-ideas';
import { userApp } from '../user-app/handlers';

/** The handler table, keyed exactly like `contract`: a missing entry fails the type check and the server start. */
export const handlers: Handlers = { adminAuth, questionBank, videoRepository, library, businessIdeas, userApp };
