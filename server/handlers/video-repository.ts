import { LANGUAGES } from '../../src/shared/constants';
import type { ServiceHandlers } from '../context';
import { HttpError } from '../http-error';

const todo = async (): Promise<never> => {
  throw new HttpError(500, 'Not implemented yet.');
};

export const videoRepository: ServiceHandlers<'videoRepository'> = {
  async languages() {
    return { languages: [...LANGUAGES] };
  },
  transcripts: todo, addTranscript: todo, updateTranscript: todo, deleteTranscript: todo, bulkTranscripts: todo,
};
