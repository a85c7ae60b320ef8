/**
 * The Question Bank's 100,000 questions with 1% of records partly readable (a language the console does
 * not know) against the same list clean, in the same run: from a click on the sidebar to the rows
 * painted, the list not kept yet (main fetches it and its worker reads it record by record). A stand-in
 * in front of the sandbox serves the questions answer from memory, clean or drifted, so both cost the
 * same on the wire. Budget: partly read within 1.1 x clean.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SANDBOX_DEFAULTS } from '../server/app';

export const PARTIAL_BUDGET_RATIO = 1.1;
const RUNS = 5;

interface Host {
  url: string;
  core: { windows: { invalidate(): void }; session: { currentToken(): string | null } };
}

type OpenScreen = (page: Page, name: string, list: string) => Promise<{ open: number; render: number }>;

export async function measurePartialList(page: Page, host: Host, sandboxUrl: string, openScreen: OpenScreen): Promise<{ clean: number[]; partial: number[]; marked: number }> {
  const target = new URL(sandboxUrl);
  const token = host.core.session.currentToken();
  const fetched = await fetch(`${sandboxUrl}/question-bank/questions`, { headers: { authorization: token ?? '' } });
  const clean = Buffer.from(await fetched.arrayBuffer());
  const envelope = JSON.parse(clean.toString('utf8')) as { questions: Record<string, unknown>[] };
  let marked = 0;
  envelope.questions.forEach((q, i) => {
    if (i % 100 === 0) {
      q.language = 'Legacy value';
      marked += 1;
    }
  });
  const drifted = Buffer.from(JSON.stringify(envelope));
  let serve: Buffer = clean;
  const proxy: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/question-bank/questions') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(serve.length) });
      res.end(serve);
      return;
    }
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const connect = (url: string | null) =>
    page.evaluate(
      async ({ url, creds }) => {
        const api = (globalThis as unknown as { api: { settings: { setConnection: (c: unknown) => Promise<{ ok: boolean }> }; session: { login: (c: unknown) => Promise<{ ok: boolean }> } } }).api;
        await api.settings.setConnection(url ? { kind: 'remote', url } : { kind: 'sandbox' });
        return (await api.session.login(creds)).ok;
      },
      { url, creds: { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password } },
    );
  const times = { clean: [] as number[], partial: [] as number[] };
  try {
    if (!(await connect(proxyUrl))) throw new Error('cannot sign in through the stand-in');
    // Alternating, so that a machine getting busier weighs on both alike; the first pair warms up.
    for (let k = 0; k <= RUNS; k++) {
      for (const kind of ['clean', 'partial'] as const) {
        serve = kind === 'clean' ? clean : drifted;
        host.core.windows.invalidate();
        // A fresh page: nothing of the list is cached in the renderer either.
        await page.goto(`${host.url}/#/admins`);
        await page.reload();
        const { open } = await openScreen(page, 'Question Bank', 'questions');
        if (kind === 'partial') await page.getByText(`${marked.toLocaleString('en-IN')} records could not be read fully`).waitFor();
        if (k > 0) times[kind].push(open);
      }
    }
  } finally {
    await connect(null);
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  }
  return { ...times, marked };
}
