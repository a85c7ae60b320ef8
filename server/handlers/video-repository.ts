import { LANGUAGES } from '../../src/shared/constants';
import type { ServiceHandlers } from '../context';

export const videoRepository: ServiceHandlers<'videoRepository'> = {
  async languages() {
    return { languages: [...LANGUAGES] };
  },
};
