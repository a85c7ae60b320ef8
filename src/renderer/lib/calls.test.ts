import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { buildApi } from '../../shared/api/build-api';
import { APP_TEXT, MSG } from '../../shared/messages';
import type { CallError, Result } from '../../shared/result';
import { ApiError } from './api';
import { callKey, callQuery, failureText, invoke, settle, successText, targetKey, toastsFailure } from './calls';

// window.api built by the real buildApi over a recording transport (what the preload does over ipc).
let sent: { channel: string; input: unknown }[] = [];
let answer: Result<unknown> = { ok: true, data: null };
beforeEach(() => {
  sent = [];
  const api = buildApi(
    async (channel, input) => {
      sent.push({ channel, input });
      return answer;
    },
    () => () => undefined,
  );
  (globalThis as { window?: unknown }).window = { api };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('query keys from the contract', () => {
  it('a call without input is keyed by group and call; an input is part of the key', () => {
    expect(callKey('adminAuth.users')).toEqual(['adminAuth', 'users']);
    expect(callKey('library.moments', { fileId: 'f1' })).toEqual(['library', 'moments', { fileId: 'f1' }]);
  });

  it('an invalidation target is the prefix of every key it covers', () => {
    const client = new QueryClient();
    client.setQueryData(callKey('library.moments', { fileId: 'a' }), []);
    client.setQueryData(callKey('library.moments', { fileId: 'b' }), []);
    client.setQueryData(callKey('library.mediaList'), []);
    client.setQueryData(callKey('adminAuth.users'), []);
    const matched = (target: Parameters<typeof targetKey>[0]) =>
      client.getQueryCache().findAll({ queryKey: targetKey(target) }).length;
    expect(matched('library.moments')).toBe(2);
    expect(matched('library')).toBe(3);
    expect(matched('adminAuth.users')).toBe(1);
    expect(matched('questionBank')).toBe(0);
  });
});

describe('callQuery and invoke', () => {
  it('invokes the channel of the call with its input and resolves with the data', async () => {
    answer = { ok: true, data: [{ _id: 'm1' }] };
    const options = callQuery('library.moments', { fileId: 'f1' });
    expect(options.queryKey).toEqual(['library', 'moments', { fileId: 'f1' }]);
    const client = new QueryClient();
    await expect(client.fetchQuery(options)).resolves.toEqual([{ _id: 'm1' }]);
    expect(sent).toEqual([{ channel: 'api:library.moments', input: { fileId: 'f1' } }]);
  });

  it('a failed call rejects with an ApiError carrying the kind and the server message', async () => {
    answer = { ok: false, error: { kind: 'http', status: 409, message: 'Category already exists' } };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const error = await client.fetchQuery(callQuery('questionBank.categories')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Category already exists');
    expect((error as ApiError).status).toBe(409);
  });

  it('invoke passes an empty input for calls that take none', async () => {
    await invoke('adminAuth.users');
    expect(sent[0]).toEqual({ channel: 'api:adminAuth.users', input: {} });
  });
});

describe('message rules', () => {
  const generic = { kind: 'http' as const, status: 500, message: MSG.somethingWentWrong };

  it("the server's errorMessage wins; a failure without one gets the screen's fallback", () => {
    expect(failureText({ kind: 'http', status: 400, message: 'Title is taken' }, { fallback: MSG.resourceNotAdded })).toBe('Title is taken');
    expect(failureText(generic, { fallback: MSG.resourceNotAdded })).toBe(MSG.resourceNotAdded);
    expect(failureText({ kind: 'http', status: 404, message: '' }, { fallback: MSG.resourceNotAdded })).toBe(MSG.resourceNotAdded);
  });

  it('network texts stay as they are; an override replaces even a server message', () => {
    expect(failureText({ kind: 'network', message: 'Cannot reach the server' }, { fallback: 'x' })).toBe('Cannot reach the server');
    const override = (e: { status?: number }) => (e.status === 405 ? 'Not supported' : null);
    expect(failureText({ kind: 'http', status: 405, message: 'Method Not Allowed' }, { fallback: 'x', override })).toBe('Not supported');
    expect(failureText({ kind: 'http', status: 400, message: 'Bad title' }, { fallback: 'x', override })).toBe('Bad title');
  });

  it("success shows a fixed text, else the server's message, else the fallback", () => {
    expect(successText({ message: 'Added!' }, { success: 'User has been Deleted!!' })).toBe('User has been Deleted!!');
    expect(successText({ message: 'Added!' }, { successFallback: 'Saved it' })).toBe('Added!');
    expect(successText({}, { successFallback: 'Saved it' })).toBe('Saved it');
    expect(successText(undefined, {})).toBe('Saved');
    expect(successText({ n: 3 }, { success: (d: { n: number }) => `${d.n} saved` })).toBe('3 saved');
    expect(successText({ message: 'Done' }, { success: false })).toBe('');
  });

  it("a failure is an error toast unless something else says it: a conflict's or a form's dialog, the person's own Cancel, the session's end", () => {
    const toasted = (error: CallError, inForm = false) => toastsFailure(error, inForm);
    for (const inForm of [false, true]) {
      expect(toasted({ kind: 'http', status: 400, message: 'Bad title' }, inForm)).toBe(true);
      expect(toasted({ kind: 'network', message: 'Cannot reach the server' }, inForm)).toBe(true);
      expect(toasted({ kind: 'parse', message: 'The answer could not be read' }, inForm)).toBe(true);
      expect(toasted({ kind: 'auth', message: 'This call is not allowed from here.' }, inForm)).toBe(true);
      expect(toasted({ kind: 'auth', status: 401, message: 'Your session has ended. Please log in again.' }, inForm)).toBe(false);
      expect(toasted({ kind: 'cancelled', message: APP_TEXT.uploadCancelled }, inForm)).toBe(false);
      expect(toasted({ kind: 'conflict', message: 'Changed since' }, inForm)).toBe(false);
    }
    expect(toasted({ kind: 'validation', message: APP_TEXT.fileChanged })).toBe(true);
    expect(toasted({ kind: 'validation', message: APP_TEXT.fileChanged }, true)).toBe(false);
  });

  it('settle keeps an ok result and rewrites only the message of a failure', () => {
    const okResult = { ok: true as const, data: 1 };
    expect(settle(okResult, { fallback: 'x' })).toBe(okResult);
    expect(settle({ ok: false, error: generic }, { fallback: 'Not added' })).toEqual({ ok: false, error: { ...generic, message: 'Not added' } });
  });
});

describe('callQuery while the platform cannot be reached', () => {
  it('pauses platform calls (they keep what they showed) and lets local calls run', () => {
    expect(callQuery('library.quotes').networkMode).toBe('online');
    expect(callQuery('adminAuth.users').networkMode).toBe('online');
    expect(callQuery('settings.get').networkMode).toBe('always');
    expect(callQuery('history.list').networkMode).toBe('always');
  });
});
