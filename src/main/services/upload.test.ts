import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrantStore } from './grants';
import { createUploader } from './upload';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cc-upload-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A server on loopback that hands each request to `handle`; closed by the returned function. */
async function serve(handle: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/media`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A file of `size` bytes in a pattern that moves with the offset (a misplaced or repeated chunk shows). */
async function patterned(name: string, size: number): Promise<string> {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) bytes.writeUInt32LE(i >>> 0, i);
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

describe('createUploader', () => {
  it('sends a file of several read buffers and a short tail byte for byte, with progress up to its length', async () => {
    // Past several of the uploader's reads, and not a multiple of any read size.
    const size = 5 * 1024 * 1024 + 12;
    const path = await patterned('big.bin', size);
    const fileHash = createHash('sha256').update(await readFile(path)).digest('hex');
    let received = Buffer.alloc(0);
    const server = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received = Buffer.concat(chunks);
        res.end('{"ok":true}');
      });
    });
    try {
      const grants = new GrantStore();
      const grant = await grants.grant(path);
      const progress: number[] = [];
      const uploader = createUploader({ grants, emit: (_event, p) => progress.push(p.sent), log: () => undefined });
      const result = await uploader.send({ method: 'POST', url: server.url, headers: {}, fields: { title: 'T' }, files: [{ field: 'file', grantId: grant.id }], uploadId: 'u1', label: 'test' });
      expect(result.ok && result.data.status).toBe(200);
      // The file's bytes sit between its part header and the closing boundary, unchanged.
      const start = received.indexOf('\r\n\r\n', received.indexOf('filename="big.bin"')) + 4;
      const file = received.subarray(start, start + size);
      expect(createHash('sha256').update(file).digest('hex')).toBe(fileHash);
      expect(received.subarray(start + size).toString()).toMatch(/^\r\n--[-\w]+--\r\n$/);
      expect(progress.at(-1)).toBe(received.length);
    } finally {
      await server.close();
    }
  });

  it('a server that answers before reading the body: its answer comes back, the upload does not go on', async () => {
    const path = join(dir, 'refused.bin');
    await writeFile(path, '');
    await truncate(path, 256 * 1024 * 1024);
    let seen = 0;
    const server = await serve((req, res) => {
      req.on('data', (chunk: Buffer) => (seen += chunk.length));
      req.pause();
      res.writeHead(413, { connection: 'close' }).end('{"message":"too large"}');
    });
    try {
      const grants = new GrantStore();
      const grant = await grants.grant(path);
      let sent = 0;
      const uploader = createUploader({ grants, emit: (_event, p) => (sent = p.sent), log: () => undefined });
      const result = await uploader.send({ method: 'POST', url: server.url, headers: {}, fields: {}, files: [{ field: 'file', grantId: grant.id }], uploadId: 'u2', label: 'test' });
      expect(result.ok && result.data).toEqual({ status: 413, text: '{"message":"too large"}' });
      // Nothing more is read or sent once the answer is in.
      const atAnswer = sent;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sent).toBe(atAnswer);
      expect(sent).toBeLessThan(64 * 1024 * 1024);
      expect(seen).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it("the caller's own progress and signal travel with the call: no window event, no upload id, and an abort cancels the bytes", async () => {
    const path = await patterned('own.bin', 3 * 1024 * 1024);
    let answer: (() => void) | null = null;
    const server = await serve((req, res) => {
      req.resume();
      answer = () => res.end('{}');
    });
    try {
      const grants = new GrantStore();
      const grant = await grants.grant(path);
      const windowEvents: unknown[] = [];
      const uploader = createUploader({ grants, emit: (_event, p) => windowEvents.push(p), log: () => undefined });
      const controller = new AbortController();
      const progress: [number, number][] = [];
      const onProgress = (sent: number, total: number) => {
        progress.push([sent, total]);
        // Cancelled from the caller's side once bytes are going out.
        if (sent > 0 && !controller.signal.aborted) controller.abort();
      };
      const result = await uploader.send({ method: 'POST', url: server.url, headers: {}, fields: {}, files: [{ field: 'file', grantId: grant.id }], label: 'test', signal: controller.signal, onProgress });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.kind).toBe('cancelled');
      expect(progress.length).toBeGreaterThan(0);
      expect(progress[0]![1]).toBeGreaterThan(3 * 1024 * 1024);
      expect(windowEvents).toEqual([]);
      // A signal aborted before the call sends nothing at all.
      const again = await uploader.send({ method: 'POST', url: server.url, headers: {}, fields: {}, files: [{ field: 'file', grantId: grant.id }], label: 'test', signal: AbortSignal.abort(), onProgress });
      expect(!again.ok && again.error.kind).toBe('cancelled');
    } finally {
      (answer as (() => void) | null)?.();
      await server.close();
    }
  });
});
