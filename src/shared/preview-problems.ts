import * as v from 'valibot';

/**
 * Why main's media proxy could not pass a preview on. The page's player only learns that loading
 * failed, so main keeps the reason and the page asks for it (`files.previewProblem`): an address
 * that no longer opens (expired or removed) is told apart from a server that cannot be reached.
 */
export const PREVIEW_PROBLEM_KINDS = ['unreachable', 'expired', 'signedOut', 'redirected', 'notMedia', 'failed'] as const;
export type PreviewProblemKind = (typeof PREVIEW_PROBLEM_KINDS)[number];

export const PreviewProblemSchema = v.object({
  kind: v.picklist(PREVIEW_PROBLEM_KINDS),
  /** The upstream answer's status; null when no answer came. */
  status: v.nullable(v.number()),
  /** The host main tried to reach. */
  host: v.string(),
  /** The system's reason for a failed connection (ENOTFOUND, ECONNREFUSED, ...), when known. */
  detail: v.optional(v.string()),
});
export type PreviewProblem = v.InferOutput<typeof PreviewProblemSchema>;

/** Statuses of an address that no longer opens: a signed address past its time, a file removed. */
const EXPIRED_STATUSES = new Set([403, 404, 410]);

/** The problem an upstream status stands for (an answer came, but no media). */
export function problemOfStatus(status: number, host: string): PreviewProblem {
  if (status === 415) return { kind: 'notMedia', status, host };
  if (status === 401) return { kind: 'signedOut', status, host };
  return { kind: EXPIRED_STATUSES.has(status) ? 'expired' : 'failed', status, host };
}

/** What the preview says when it cannot play; `null`: main saw nothing wrong (the media itself did not decode). */
export function previewProblemText(problem: PreviewProblem | null): string {
  if (!problem) return 'The media cannot be played here: its format may not be supported. Open it in another player to check it.';
  switch (problem.kind) {
    case 'unreachable':
      return `The media cannot be played here: ${problem.host} cannot be reached${problem.detail ? ` (${problem.detail})` : ''}. Check the network connection and the address, then reopen the preview.`;
    case 'expired':
      return `The media cannot be played here: the address has expired or the file was removed (${problem.host} answered ${problem.status}). Reopen the preview to get a new address.`;
    case 'signedOut':
      return 'The media cannot be played here: the session has ended. Log in again, then reopen the preview.';
    case 'redirected':
      return `The media cannot be played here: ${problem.host} sends the address elsewhere (${problem.status}), which a preview does not follow.`;
    case 'notMedia':
      return `The media cannot be played here: ${problem.host} answered with something other than audio or video.`;
    case 'failed':
      return `The media cannot be played here: ${problem.host} answered ${problem.status}. Try again later.`;
  }
}
