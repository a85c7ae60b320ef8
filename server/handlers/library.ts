import type { ServiceHandlers } from '../context';
import { HttpError } from '../http-error';

const todo = async (): Promise<never> => {
  throw new HttpError(500, 'Not implemented yet.');
};

export const library: ServiceHandlers<'library'> = {
  mediaList: todo, media: todo, checkUrl: todo, createMedia: todo, updateMedia: todo, deleteMedia: todo,
  setQuestions: todo, moments: todo, addMoment: todo, updateMoment: todo, deleteMoment: todo, keywords: todo, categories: todo,
};
