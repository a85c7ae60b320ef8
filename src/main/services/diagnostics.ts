/**
 * Help > Copy diagnostics: what a support request needs, as plain text. Built from facts main passes in
 * (pure, so the test reads exactly what a person would paste), and run through the log's redaction once
 * more as a whole: it holds no token, password, email or phone number whatever its parts held.
 */
import { redactText, type SecretSet } from './redact';

export interface DiagnosticsFacts {
  app: { name: string; version: string };
  /** Electron, Chromium, Node, V8 (absent ones left out: the browser preview has no Electron). */
  versions: Record<string, string | undefined>;
  os: { platform: string; release: string; arch: string; locale?: string };
  connection: { kind: 'sandbox' | 'remote'; origin: string | null; sandboxRunning: boolean; sandboxError: string | null };
  /** Per-service base overrides, as origins and paths (never credentials: the URL schema refuses them). */
  serviceBases: Record<string, string>;
  tokenStore: string;
  signedIn: { role: string } | null;
  preferences: Record<string, unknown>;
  updates: { enabled: boolean; feed: string; status: string; version: string | null; message: string | null };
  queue: { byState: Record<string, number>; running: boolean; offline: boolean; notice: string | null };
  imports: { phase: string; folders: string; videos: string; problem: string | null } | null;
  logFile: string | null;
  lastErrors: readonly string[];
  lastLines: readonly string[];
  now: Date;
}

const counts = (byState: Record<string, number>) => {
  const entries = Object.entries(byState).filter(([, n]) => n > 0);
  return entries.length === 0 ? 'empty' : entries.map(([state, n]) => `${state} ${n}`).join(', ');
};

export function diagnosticsText(facts: DiagnosticsFacts, secrets?: SecretSet): string {
  const lines: string[] = [];
  const add = (label: string, value: string) => lines.push(`${label}: ${value}`);
  lines.push(`${facts.app.name} diagnostics, ${facts.now.toISOString()}`, '');
  add('Version', facts.app.version);
  for (const [name, version] of Object.entries(facts.versions)) if (version) add(name, version);
  add('OS', `${facts.os.platform} ${facts.os.release} (${facts.os.arch})${facts.os.locale ? `, ${facts.os.locale}` : ''}`);
  lines.push('');
  add('Connection', facts.connection.kind === 'sandbox' ? `the local sandbox${facts.connection.sandboxRunning ? ' (running)' : ' (not running)'}` : 'a platform server');
  add('Server', facts.connection.origin ?? '(none)');
  if (facts.connection.sandboxError) add('Sandbox problem', facts.connection.sandboxError);
  const bases = Object.entries(facts.serviceBases);
  add('Service bases', bases.length === 0 ? 'from the server URL' : bases.map(([service, base]) => `${service} ${base}`).join(', '));
  add('Token kept in', facts.tokenStore);
  add('Signed in', facts.signedIn ? `yes, as ${facts.signedIn.role}` : 'no');
  add('Preferences', JSON.stringify(facts.preferences));
  add('Updates', `${facts.updates.enabled ? 'on' : 'off'}, feed ${facts.updates.feed}, ${facts.updates.status}${facts.updates.version ? ` (${facts.updates.version})` : ''}${facts.updates.message ? `: ${facts.updates.message}` : ''}`);
  lines.push('');
  add('Bulk queue', `${counts(facts.queue.byState)}${facts.queue.running ? '; running' : '; not running'}${facts.queue.offline ? '; offline' : ''}${facts.queue.notice ? `; ${facts.queue.notice}` : ''}`);
  add('Folder import', facts.imports ? `${facts.imports.phase}, folders ${facts.imports.folders}, videos ${facts.imports.videos}${facts.imports.problem ? `; ${facts.imports.problem}` : ''}` : 'none');
  add('Log file', facts.logFile ?? '(the console)');
  lines.push('', `Last errors (${facts.lastErrors.length}):`, ...(facts.lastErrors.length > 0 ? facts.lastErrors : ['(none this run)']));
  lines.push('', `Last ${facts.lastLines.length} log lines:`, ...facts.lastLines);
  return redactText(lines.join('\n'), secrets);
}

/** The suggested name of a saved diagnostics file: content-console-diagnostics-2026-12-05-1912.txt. */
export function diagnosticsFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `content-console-diagnostics-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.txt`;
}
