/**
 * window.api from the test process: the same contract calls, sent to this worker's bridge host over its
 * WebSocket as the page's bridge client sends them (with the page's origin, which the host checks). Walks
 * set up what they are not about (the session, an account, a record) through it without loading the app:
 * each load of the app costs a second or more of a core.
 */
import { test } from '@playwright/test';
import WebSocket from 'ws';
import { buildApi } from '../../src/shared/api/build-api';
import type { Api } from '../../src/shared/api';
import type { Result } from '../../src/shared/result';
import { BRIDGE_PATH, BRIDGE_RESULT_PATH, type BridgeMessage, type BridgeRequest } from '../bridge/protocol';

/** This worker's host (playwright.config.ts gives each worker its own). */
export function hostUrl(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('playwright.config.ts sets baseURL');
  return new URL(base).origin;
}

let connection: { url: string; socket: Promise<WebSocket> } | undefined;
const pending = new Map<number, (result: Result<unknown>) => void>();
let nextId = 1;

function socketFor(url: string): Promise<WebSocket> {
  if (connection?.url === url) return connection.socket;
  const socket = new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${BRIDGE_PATH}`, { origin: url });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.on('close', () => {
      if (connection?.url === url) connection = undefined;
      for (const [id, settle] of pending) {
        pending.delete(id);
        settle({ ok: false, error: { kind: 'network', message: 'The bridge host closed the connection.' } });
      }
    });
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as BridgeMessage;
      if (message.type === 'event') return;
      const settle = pending.get(message.id);
      pending.delete(message.id);
      if (message.type === 'result') settle?.(message.result as Result<unknown>);
      else void fetchResult(url, message.ref).then((result) => settle?.(result));
    });
  });
  connection = { url, socket };
  socket.catch(() => {
    if (connection?.socket === socket) connection = undefined;
  });
  return socket;
}

/** A result too large for the socket (over BRIDGE_INLINE_MAX), fetched once over HTTP as the page's bridge client does. */
async function fetchResult(url: string, ref: string): Promise<Result<unknown>> {
  try {
    const response = await fetch(`${url}${BRIDGE_RESULT_PATH}/${encodeURIComponent(ref)}`);
    if (!response.ok) throw new Error(`the host answered ${response.status}`);
    return ((await response.json()) as { result: Result<unknown> }).result;
  } catch (error) {
    // Settled either way: a call left pending would hold its walk until the timeout, saying nothing.
    return { ok: false, error: { kind: 'network', message: `A large result could not be fetched: ${String(error)}` } };
  }
}

async function invoke(channel: string, input: unknown): Promise<Result<unknown>> {
  const ws = await socketFor(hostUrl());
  const request: BridgeRequest = { id: nextId++, channel, input };
  return new Promise((resolve) => {
    pending.set(request.id, resolve);
    ws.send(JSON.stringify(request));
  });
}

/** The contract's calls, answered by this worker's host (events are the page's business: none here). */
export const hostApi: Api = buildApi(invoke, () => () => undefined);
