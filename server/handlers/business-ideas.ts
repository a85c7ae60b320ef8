import type { ServiceHandlers } from '../context';
import { HttpError } from '../http-error';

export const businessIdeas: ServiceHandlers<'businessIdeas'> = {
  async all() {
    throw new HttpError(500, 'Not implemented yet.');
  },
};
