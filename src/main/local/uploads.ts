import type { LocalImpl, Local } from '../../shared/api';
import { ok } from '../../shared/result';
import type { Uploader } from '../services/upload';

/** Uploads in progress: the renderer may cancel one by its upload id. */
export function createUploadsGroup({ uploader }: { uploader: Uploader }) {
  const calls: LocalImpl<Local>['uploads'] = {
    cancel: async ({ uploadId }) => ok({ cancelled: uploader.cancel(uploadId) }),
  };
  return { calls };
}
