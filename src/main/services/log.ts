/** Main-process log lines. Callers pass shapes and names, never tokens, passwords or response values. */
export function log(message: string, details?: Record<string, unknown>): void {
  if (process.env.CONTENT_CONSOLE_QUIET === '1') return;
  const suffix = details ? ` ${JSON.stringify(details)}` : '';
  console.warn(`[content-console] ${message}${suffix}`);
}
