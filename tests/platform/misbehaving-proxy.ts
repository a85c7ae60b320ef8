// A stand-in for the networks staff really have: a proxy on the loopback in front of the reference
// server that, for the requests a test names, misbehaves the way gateways, rate limits and bad links
// do (stall after the headers, a slow drip, a reset mid-body, 429 with Retry-After, 503 then success,
// a gateway's HTML 502 page, a gzipped answer, a huge answer, or no server at all). Every request is
// counted with the bytes the proxy managed to send, so tests can count attempts and bytes read.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createGzip } from 'node:zlib';

export type Fault =
  /** The real answer's headers and its first `bytes`, then nothing (the connection stays open). */
  | { kind: 'stall'; bytes: number }
  /** The real answer, `chunk` bytes every `everyMs`. */
  | { kind: 'drip'; chunk: number; everyMs: number }
  /** The real answer's headers and its first `bytes`, then the connection is reset. */
  | { kind: 'reset'; bytes: number }
  /** The connection is reset before any answer. */
  | { kind: 'refuse' }
  /** This status instead of the real answer (429 with Retry-After, 503, ...), with an optional body. */
  | { kind: 'status'; status: number; retryAfter?: string; body?: string; type?: string }
  /** This status and body, with `{token}` replaced by the token the request carried (a server that echoes it back). */
  | { kind: 'echo'; status: number; body: string }
  /** A gateway's own error page: HTML, status 502. */
  | { kind: 'html502' }
  /** The real answer, gzipped. */
  | { kind: 'gzip' }
  /** A valid-looking list answer of `bytes` bytes (sent as the client reads it), gzipped or not, with or without its length. */
  | { kind: 'huge'; bytes: number; gzip?: boolean; declareLength?: boolean };

export interface SeenRequest {
  method: string;
  path: string;
  /** The fault it got, or 'pass'. */
  fault: Fault['kind'] | 'pass' | 'down';
  /** Bytes of the answer's body the proxy wrote before the answer ended or the client went away. */
  bytesSent: number;
  /** The client closed the connection before the whole answer was sent. */
  closedEarly: boolean;
  /** The token an `echo` fault sent back. */
  echoed?: string;
}

export interface MisbehavingProxy {
  url: string;
  seen: SeenRequest[];
  /** The next `times` requests whose path matches get `fault` (planned faults are used in order). */
  plan(fault: Fault, options?: { times?: number; path?: RegExp }): void;
  /** While true every connection is reset at once: the platform is gone. */
  down: boolean;
  /** Requests seen whose path matches. */
  count(path: RegExp): number;
  close(): Promise<void>;
}

interface Planned {
  fault: Fault;
  times: number;
  path: RegExp;
}

const GATEWAY_PAGE = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

export async function startMisbehavingProxy(target: string): Promise<MisbehavingProxy> {
  const upstream = new URL(target);
  const planned: Planned[] = [];
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const proxy: MisbehavingProxy = {
    url: '',
    seen,
    down: false,
    plan(fault, options = {}) {
      planned.push({ fault, times: options.times ?? 1, path: options.path ?? /./ });
    },
    count: (path) => seen.filter((r) => path.test(r.path)).length,
    close: async () => undefined,
  };

  function take(path: string): Fault | null {
    const index = planned.findIndex((p) => p.path.test(path));
    if (index < 0) return null;
    const entry = planned[index]!;
    entry.times -= 1;
    if (entry.times <= 0) planned.splice(index, 1);
    return entry.fault;
  }

  /** Writes `data` and counts it, resolving when the socket can take more (backpressure). */
  function write(res: ServerResponse, record: SeenRequest, data: Buffer | string): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    record.bytesSent += bytes;
    return new Promise((resolve) => {
      if (res.write(data) || res.destroyed) return resolve();
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }

  /** The real server's answer, whole. */
  function fetchUpstream(req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(parts) }));
        answer.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  }

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function answer(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const path = req.url ?? '/';
    const record: SeenRequest = { method: req.method ?? 'GET', path, fault: 'pass', bytesSent: 0, closedEarly: false };
    seen.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    if (proxy.down) {
      record.fault = 'down';
      req.socket.destroy();
      return;
    }
    const fault = take(path);
    if (fault) record.fault = fault.kind;
    if (fault?.kind === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      const text = fault.body ?? '';
      res.writeHead(fault.status, { 'content-type': fault.type ?? 'application/json', 'content-length': String(Buffer.byteLength(text)), ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
      await write(res, record, text);
      res.end();
      return;
    }
    if (fault?.kind === 'echo') {
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const text = fault.body.split('{token}').join(token);
      record.echoed = token;
      res.writeHead(fault.status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
      await write(res, record, text);
      res.end();
      return;
    }
    if (fault?.kind === 'html502') {
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': String(Buffer.byteLength(GATEWAY_PAGE)) });
      await write(res, record, GATEWAY_PAGE);
      res.end();
      return;
    }
    if (fault?.kind === 'huge') {
      await sendHuge(res, record, fault);
      return;
    }
    let real: Awaited<ReturnType<typeof fetchUpstream>>;
    try {
      real = await fetchUpstream(req, body);
    } catch {
      res.writeHead(502).end();
      return;
    }
    const headers = { ...real.headers };
    delete headers['transfer-encoding'];
    delete headers['content-length'];
    if (fault?.kind === 'gzip') {
      const gzipped = await new Promise<Buffer>((resolve) => {
        const parts: Buffer[] = [];
        const zip = createGzip();
        zip.on('data', (c: Buffer) => parts.push(c));
        zip.on('end', () => resolve(Buffer.concat(parts)));
        zip.end(real.body);
      });
      res.writeHead(real.status, { ...headers, 'content-encoding': 'gzip', 'content-length': String(gzipped.length) });
      await write(res, record, gzipped);
      res.end();
      return;
    }
    res.writeHead(real.status, { ...headers, 'content-length': String(real.body.length) });
    if (fault?.kind === 'stall' || fault?.kind === 'reset') {
      await write(res, record, real.body.subarray(0, fault.bytes));
      if (fault.kind === 'reset') res.socket?.resetAndDestroy();
      // A stall: nothing more, ever (the test's client gives up; close() ends the socket).
      return;
    }
    if (fault?.kind === 'drip') {
      for (let at = 0; at < real.body.length && !res.destroyed; at += fault.chunk) {
        await write(res, record, real.body.subarray(at, at + fault.chunk));
        if (at + fault.chunk < real.body.length) await wait(fault.everyMs);
      }
      res.end();
      return;
    }
    await write(res, record, real.body);
    res.end();
  }

  /** A list of made-up records as long as asked, written as fast as the client reads it. */
  async function sendHuge(res: ServerResponse, record: SeenRequest, fault: Extract<Fault, { kind: 'huge' }>): Promise<void> {
    const row = JSON.stringify({ _id: '0'.repeat(24), name: 'x'.repeat(400) });
    const open = '{"error":false,"message":"OK","languages":[';
    const count = Math.max(1, Math.floor((fault.bytes - open.length - 2) / (row.length + 1)));
    const total = open.length + count * (row.length + 1) - 1 + 2;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (fault.gzip) headers['content-encoding'] = 'gzip';
    else if (fault.declareLength) headers['content-length'] = String(total);
    res.writeHead(200, headers);
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    if (!fault.gzip) {
      await write(res, record, open);
      const batch = Array.from({ length: 256 }, () => row).join(',');
      let sent = 0;
      while (sent < count && !closed) {
        const n = Math.min(256, count - sent);
        await write(res, record, (sent === 0 ? '' : ',') + (n === 256 ? batch : Array.from({ length: n }, () => row).join(',')));
        sent += n;
      }
      if (!closed) res.end(']}');
      return;
    }
    // Gzipped: a small transfer that becomes `bytes` once decoded (what a size budget must count).
    const zip = createGzip();
    zip.on('data', (chunk: Buffer) => {
      record.bytesSent += chunk.length;
      if (!res.write(chunk)) zip.pause();
    });
    res.on('drain', () => zip.resume());
    zip.on('end', () => {
      if (!closed) res.end();
    });
    const feed = async () => {
      const batch = Array.from({ length: 256 }, () => row).join(',');
      if (!zip.write(open)) await new Promise((r) => zip.once('drain', r));
      for (let sent = 0; sent < count && !closed; sent += 256) {
        if (!zip.write((sent === 0 ? '' : ',') + batch)) await new Promise((r) => zip.once('drain', r));
      }
      zip.end(']}');
    };
    res.on('close', () => zip.destroy());
    await feed().catch(() => undefined);
  }

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => void answer(req, res, Buffer.concat(parts)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Loopback only: this stand-in is never reachable from another machine.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
