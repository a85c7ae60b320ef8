/**
 * Bad input against every route of the contract: a NUL character in any text or id is refused with a
 * 400 and a clear message (PostgreSQL cannot store it; it used to surface as a 500), with and without a
 * token, and in the media routes outside the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { contract, SERVICES, type CallDef } from '../src/shared/api/index';
import { NUL_MESSAGE } from '../src/shared/schemas/common';
import { DRIVERS, startTestServer, type TestServer } from './testing';

const entries = Object.entries(contract).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, CallDef>).map(([call, def]) => ({ id: `${group}.${call}`, def })),
);
const NUL = 'a\u0000b';

/** Every top-level field of an entry's input, each set to a text holding a NUL. */
function poisoned(def: CallDef): Record<string, unknown> {
  const entriesOf = (def.input as unknown as { entries?: Record<string, v.GenericSchema> }).entries ?? {};
  return Object.fromEntries(Object.keys(entriesOf).map((key) => [key, NUL]));
}

for (const driver of DRIVERS) {
  describe(`NUL characters (${driver.name})`, () => {
    let s: TestServer;
    let token: string;
    beforeAll(async () => {
      s = await startTestServer(driver, { seedDemo: true });
      token = await s.login();
    });
    afterAll(async () => s.dispose());

    it('every route answers 400 naming the field, never 500', async () => {
      const failures: string[] = [];
      for (const { id, def } of entries) {
        const input = poisoned(def);
        // Nothing to poison (and logout would end the test's session).
        if (Object.keys(input).length === 0) continue;
        let path = `${SERVICES[def.service]}${def.path}`;
        for (const name of [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) {
          path = path.replace(`{${name}}`, encodeURIComponent(NUL));
          delete input[name];
        }
        const sendsBody = def.method === 'POST' || def.method === 'PUT';
        let status: number;
        let message: string | undefined;
        if (def.body === 'multipart') {
          const form = new FormData();
          for (const [key, value] of Object.entries(input)) form.append(key, String(value));
          const response = await fetch(s.url + path, { method: def.method, headers: { authorization: token }, body: form });
          status = response.status;
          message = ((await response.json()) as { errorMessage?: string }).errorMessage;
        } else {
          const query = sendsBody ? '' : `?${new URLSearchParams(input as Record<string, string>).toString()}`;
          const answer = await s.call(def.method, path + query, { token, ...(sendsBody ? { body: input } : {}) });
          status = answer.status;
          message = answer.body.errorMessage;
        }
        if (status !== 400 || !message?.includes(NUL_MESSAGE)) failures.push(`${id}: ${status} ${message ?? ''}`);
      }
      expect(failures).toEqual([]);
    });

    it('the calls without a token too', async () => {
      for (const path of ['/admin-auth/login', '/admin-auth/forgot-password', '/admin-auth/reset-password']) {
        const answer = await s.call('POST', path, { body: { email: `x${NUL}@example.in`, encryptedPassword: NUL, token: NUL } });
        expect(answer.status, path).toBe(400);
        expect(answer.body.errorMessage, path).toContain(NUL_MESSAGE);
      }
    });

    it('the media routes refuse a NUL id as not found', async () => {
      for (const kind of ['file', 'thumbnail']) {
        const answer = await s.call('GET', `/library/media/${kind}/${encodeURIComponent(NUL)}`, { token });
        expect(answer.status).toBe(404);
      }
    });
  });
}
