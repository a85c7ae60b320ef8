// npm run check-platform -- --url https://platform.example [--email admin@example.in] [--json]
//
// Signs in to a platform server, calls every read call of the contract once (writing nothing) and
// prints what its answers do not match (src/main/services/platform-check.ts). Exit code 0 only when
// every call answered and matched. The password comes from CC_CHECK_PASSWORD or is asked for.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { contract } from '../src/shared/api';
import { SERVICES, type ServiceName } from '../src/shared/api/contract';
import { isTransportAllowed } from '../src/shared/schemas/settings';
import { createReadingDoor } from '../src/main/services/door';
import { defaultPasswordEncoder } from '../src/main/services/password';
import { checkPlatform } from '../src/main/services/platform-check';

export interface CheckIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  /** Asks for the password when the environment has none (a terminal), or null. */
  askPassword?: () => Promise<string | null>;
}

const USAGE = 'Usage: npm run check-platform -- --url https://platform.example [--email admin@example.in] [--json]\nThe password comes from CC_CHECK_PASSWORD or is asked for.';

/** Runs the check; resolves with the exit code (0: everything answered and matched). */
export async function runCheck(argv: readonly string[], io: CheckIo): Promise<number> {
  let values: { url?: string; email?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { url: { type: 'string' }, email: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' } } }));
  } catch (error) {
    io.out(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help || !values.url) {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }
  const url = values.url.replace(/\/+$/, '');
  if (!isTransportAllowed(url)) {
    io.out(`${url}: a platform server needs https (plain http only on this computer), since the password and the token would travel in clear.`);
    return 2;
  }
  const email = values.email ?? io.env.CC_CHECK_EMAIL;
  const password = io.env.CC_CHECK_PASSWORD ?? (await io.askPassword?.()) ?? null;
  if (!email || !password) {
    io.out(`Give the email (--email or CC_CHECK_EMAIL) and the password (CC_CHECK_PASSWORD) of an admin account.\n${USAGE}`);
    return 2;
  }
  let token: string | null = null;
  const http = createReadingDoor({
    baseFor: (service: ServiceName) => url + SERVICES[service],
    token: () => token,
    onUnauthorized: async () => {
      token = null;
    },
    // Only where a shape differs and which call: never values (see http.ts).
    log: () => undefined,
  });
  const login = await http<{ token: string }>(contract.adminAuth.login, { email, encryptedPassword: defaultPasswordEncoder.encode(password) }, 'adminAuth.login', { unrecorded: true });
  if (!login.ok) {
    io.out(`Sign-in at ${url} failed: ${login.error.message}`);
    return 1;
  }
  token = login.data.token;
  try {
    // The session's token is withheld wherever a server echoes it (a message, an example value).
    const report = await checkPlatform(http, url, undefined, () => [token]);
    io.out(values.json ? JSON.stringify({ server: report.server, ok: report.ok, calls: report.calls }, null, 2) : report.text);
    return report.ok ? 0 : 1;
  } finally {
    await http(contract.adminAuth.logout, {}, 'adminAuth.logout', { timeoutMs: 5000, ignoreUnauthorized: true, unrecorded: true });
  }
}

/** Reads a line without echoing it (a terminal only). */
function askHidden(question: string): Promise<string | null> {
  if (!process.stdin.isTTY) return Promise.resolve(null);
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => write.call(rl, s.startsWith(question) ? s : '');
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCheck(process.argv.slice(2), { env: process.env, out: (text) => console.log(text), askPassword: () => askHidden('Password: ') }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
