/**
 * A fuzz of every write route of the contract (JSON and multipart), signed in and not: deep nesting,
 * too many values, bodies past the size limit, NUL characters, every field set to each JSON type,
 * malformed and non-object bodies, file parts where none belong and image parts that are not images.
 * Whatever arrives, the answer is a 4xx with a message or a success, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { contract, SERVICES, type CallDef } from '../src/shared/api/index';
import { encodeMultipartField } from '../src/shared/api/multipart';
import { INPUT_TOO_DEEP, INPUT_TOO_LARGE, NUL_MESSAGE } from '../src/shared/schemas/common';
import { JSON_BODY_LIMIT } from './app';
import { DRIVERS, multipart, startTestServer, type TestServer } from './testing';

const writes = Object.entries(contract)
  .flatMap(([group, calls]) => Object.entries(calls as Record<string, CallDef>).map(([call, def]) => ({ id: `${group}.${call}`, def })))
  // Logout takes no input and would end the fuzzing session; it is covered by the session tests.
  .filter(({ id, def }) => def.method !== 'GET' && id !== 'adminAuth.logout');

const fieldsOf = (def: CallDef): string[] => Object.keys((def.input as unknown as { entries?: Record<string, v.GenericSchema> }).entries ?? {});
const pathOf = (def: CallDef, id: string) => `${SERVICES[def.service]}${def.path.replace(/\{\w+\}/g, encodeURIComponent(id))}`;

/** `{"a":{"a":...}}` as text: the server's JSON parser reads it, the input check must refuse it. */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const NUL = 'a\u0000b';
const VALUES: [string, unknown][] = [
  ['zero', 0], ['negative', -1], ['fraction', 1.5], ['huge number', 1e308], ['true', true], ['null', null], ['empty array', []],
  ['empty object', {}], ['empty text', ''], ['long text', 'x'.repeat(70_000)], ['mixed array', ['a', 1, null, {}]],
  ['operator object', { $gt: '' }], ['numeric text', '0'], ['NUL text', NUL], ['nested 40', JSON.parse(deepJson(40))],
];
const RAW_BODIES: [string, string][] = [
  ['deep 5000', deepJson(5000)], ['array body', '[]'], ['text body', '"x"'], ['number body', '5'], ['null body', 'null'],
  ['malformed', '{"a":'], ['proto key', '{"__proto__":{"polluted":1}}'], ['constructor key', '{"constructor":{"prototype":{"polluted":1}}}'],
  ['wide', `{"ids":[${new Array(200_001).fill(0).join(',')}]}`], ['past the body limit', `{"a":"${'x'.repeat(JSON_BODY_LIMIT)}"}`],
];
const PNG_NAMED_HTML = { name: 'x.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') };

for (const driver of DRIVERS.slice(0, 1)) {
  describe(`fuzz of the write routes (${driver.name})`, () => {
    let s: TestServer;
    let token: string;
    beforeAll(async () => {
      s = await startTestServer(driver, { seedDemo: false });
      token = await s.login();
    });
    afterAll(async () => s.dispose());

    const send = async (method: string, url: string, headers: Record<string, string>, payload: string | Buffer) => {
      const answer = await s.app.inject({ method: method as 'POST', url, headers, payload });
      return { status: answer.statusCode, body: answer.body };
    };

    it('no JSON write route answers 5xx, whatever the body', async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const { id, def } of writes.filter((w) => w.def.body !== 'multipart')) {
        const path = pathOf(def, '00000000-0000-4000-8000-000000000000');
        const headers = { authorization: token, 'content-type': 'application/json' };
        const bodies: [string, string][] = [
          ...VALUES.map(([name, value]): [string, string] => [name, JSON.stringify(Object.fromEntries(fieldsOf(def).map((field) => [field, value])))]),
          ...RAW_BODIES,
        ];
        for (const [name, body] of bodies) {
          const { status } = def.method === 'DELETE' ? await send('DELETE', `${path}?x=${encodeURIComponent(name)}`, { authorization: token }, '') : await send(def.method, path, headers, body);
          sent += 1;
          if (status >= 500) failures.push(`${id} ${name}: ${status}`);
        }
      }
      expect(sent).toBeGreaterThan(300);
      expect(failures).toEqual([]);
    });

    it('no multipart write route answers 5xx, whatever the parts', async () => {
      const failures: string[] = [];
      for (const { id, def } of writes.filter((w) => w.def.body === 'multipart')) {
        const path = pathOf(def, '00000000-0000-4000-8000-000000000000');
        const texts = fieldsOf(def).filter((field) => !(def.files ?? []).includes(field));
        const forms: [string, ReturnType<typeof multipart>][] = [
          ...VALUES.map(([name, value]): [string, ReturnType<typeof multipart>] => [
            name,
            multipart(Object.fromEntries(texts.flatMap((field) => (encodeMultipartField(value) === undefined ? [] : [[field, encodeMultipartField(value)!]]))), []),
          ]),
          ['deep JSON in every field', multipart(Object.fromEntries(texts.map((field) => [field, deepJson(5000)])), [])],
          ['a field past its size', multipart({ [texts[0] ?? 'x']: 'x'.repeat(1024 * 1024 + 1) }, [])],
          ['a file where none belongs', multipart({}, [{ field: 'unexpected', ...PNG_NAMED_HTML }])],
          ['HTML sent as png in every file field', multipart({}, (def.files ?? []).map((field) => ({ field, ...PNG_NAMED_HTML })))],
          ['a file name with a folder', multipart({}, (def.files ?? []).slice(0, 1).map((field) => ({ field, ...PNG_NAMED_HTML, name: '../../x.png' })))],
        ];
        for (const [name, form] of forms) {
          const { status } = await send(def.method, path, { authorization: token, 'content-type': form.contentType }, form.body);
          if (status >= 500) failures.push(`${id} ${name}: ${status}`);
        }
        const { status } = await send(def.method, path, { authorization: token, 'content-type': 'multipart/form-data; boundary=x' }, 'not multipart at all');
        if (status >= 500) failures.push(`${id} garbage: ${status}`);
      }
      expect(failures).toEqual([]);
    });

    it('deep input to the routes without a token: 400 and a clear message, no 500', async () => {
      for (const path of ['/admin-auth/login', '/admin-auth/forgot-password', '/admin-auth/reset-password']) {
        const deep = await s.call('POST', path, { raw: deepJson(5000) });
        expect(deep.status, path).toBe(400);
        expect(deep.body.errorMessage, path).toBe('The input is nested too deeply (more than 32 levels).');
        const inField = await s.call('POST', path, { raw: `{"email":${deepJson(4000)}}` });
        expect(inField.body.errorMessage, path).toBe(INPUT_TOO_DEEP);
        const wide = await s.call('POST', path, { raw: RAW_BODIES.find(([name]) => name === 'wide')![1] });
        expect([wide.status, wide.body.errorMessage], path).toEqual([400, INPUT_TOO_LARGE]);
      }
    });

    it('a NUL in a path id of the media routes: 400 or 404, never 500', async () => {
      for (const path of ['/video-repository/course/thumbnail', '/library/media/file', '/library/media/thumbnail', '/library/stored', '/mentorship/stored']) {
        const answer = await send('GET', `${path}/%00`, { authorization: token }, '');
        expect([400, 404], path).toContain(answer.status);
      }
      const thumbnail = await s.call('GET', '/video-repository/course/thumbnail/%00', { token });
      expect([thumbnail.status, thumbnail.body.errorMessage]).toEqual([400, `An id ${NUL_MESSAGE}.`]);
    });
  });
}
