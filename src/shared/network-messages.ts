/**
 * What main says when the network or the platform's gateway misbehaves: this project's own texts (the
 * specifications give none), in words a staff member can act on. Kept apart from messages.ts (the
 * spec's quoted texts) so that areas built in parallel do not edit the same lines.
 */
const seconds = (ms: number): number => Math.max(1, Math.round(ms / 1000));
const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

export const NET_TEXT = {
  /** Nothing answered at all (refused, reset before an answer, no route, DNS). */
  unreachable: (origin: string) => `The server at ${origin} cannot be reached. Check the connection and try again.`,
  /** No answer's headers within the request timeout. */
  noAnswerInTime: (origin: string) => `The server at ${origin} did not answer in time. Check the connection and try again.`,
  /** 502, 504, or a gateway's error page: something in front of the platform answered for it. */
  gateway: (origin: string, status: number) =>
    `The gateway at ${origin} answered, but the platform behind it did not (HTTP ${status}). The platform may be restarting: try again in a minute.`,
  /** 503 without the platform's own message. */
  unavailable: (origin: string) => `The platform at ${origin} is not available at the moment (HTTP 503). Try again in a minute.`,
  /** 429, after the waits the console allows itself. */
  limited: (origin: string, waitedMs: number) =>
    waitedMs > 0
      ? `The platform at ${origin} is limiting requests: the console waited ${seconds(waitedMs)} s and tried again, but it still refused. Try again in a minute.`
      : `The platform at ${origin} is limiting requests. Try again in a minute.`,
  /** 429 whose Retry-After asks for longer than the console waits. */
  limitedFor: (origin: string, retryAfterMs: number) =>
    `The platform at ${origin} is limiting requests and asks to wait ${seconds(retryAfterMs)} s. Try again after that.`,
  /** What the banner says while main waits on a 429's Retry-After. */
  waiting: (origin: string, waitMs: number) => `The platform at ${origin} is limiting requests: the console waits ${seconds(waitMs)} s before trying again.`,
  /** Another 5xx as an error page, not the platform's envelope. */
  errorPage: (origin: string, status: number) => `The server at ${origin} answered with an error page instead of the platform's answer (HTTP ${status}). Try again in a minute.`,
  /** The body stopped arriving for the idle limit. */
  stalled: (origin: string, idleMs: number) =>
    `The answer from ${origin} stopped mid-way: nothing arrived for ${seconds(idleMs)} s. Check the connection and try again.`,
  /** The connection broke while the body arrived. */
  broken: (origin: string) => `The connection to ${origin} broke while the answer arrived. Check the connection and try again.`,
  /** A body over the call's size budget, refused before it was read whole. */
  tooLarge: (origin: string, call: string, budget: number) =>
    `The answer from ${origin} to ${call} is larger than the console reads for it (over ${megabytes(budget)}), so it was not read. Ask the platform's team to check this call.`,
  /** An answer that is not the platform's envelope, or whose data is not the form the contract names. */
  notReadable: (origin: string, call: string, expected: string) =>
    `The answer from ${origin} to ${call} is not in the form the console reads: it expected ${expected}. Ask the platform's team to check this call.`,
  /** The window's banner while the platform cannot be reached. */
  offlineBanner: (origin: string, since: string) =>
    `The platform at ${origin} cannot be reached since ${since}. The screens show what they last read, which may not be current; they update by themselves when it answers again.`,
} as const;
