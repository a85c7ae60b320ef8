/**
 * The token stores against the real thing: keytar over the OS keychain (on Linux a Secret Service such
 * as the throwaway gnome-keyring that scripts/test.sh starts), and the encrypted-file fallback on disk.
 *
 * Without a Secret Service (a run outside scripts/test.sh) the keychain tests skip with the reason
 * printed; under CI (CI=true) they fail instead, so that CI proves the keychain path works.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDetails } from '../../shared/schemas/admin-auth';
import { fileAt } from './atomic-file';
import { Session } from './session';
import { KEYCHAIN_SERVICE, encryptedFileTokenStore, probeKeytar, type Cipher, type TokenStore, withTimeout } from './token-stores';

type Keytar = typeof import('keytar');

const underCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const PROBE_TIMEOUT_MS = 15_000;

async function loadKeytar(): Promise<Keytar> {
  const mod = (await import('keytar')) as Keytar & { default?: Keytar };
  return mod.default ?? mod;
}

// One probe for the file: load keytar and read an absent entry (exactly what the app does at start).
// A keychain that answers reads but refuses writes (e.g. a Secret Service without an unlocked default
// collection) is no keychain for these tests either: probe a write too.
const runId = `${process.pid}-${randomBytes(4).toString('hex')}`;
const toReason = (error: unknown) => ({ reason: error instanceof Error ? error.message : String(error) });
const probe = await withTimeout(
  (async () => {
    const found = await probeKeytar(loadKeytar);
    if (!('store' in found)) return found;
    const account = `__probe_write__ ${runId}`;
    try {
      await found.store.set(account, 'probe');
      await found.store.delete(account);
    } catch (error) {
      return { reason: `the keychain refuses writes: ${toReason(error).reason}` };
    }
    return found;
  })(),
  PROBE_TIMEOUT_MS,
  'the Secret Service',
).catch(toReason);
const keytar: Keytar | null = 'store' in probe ? await loadKeytar() : null;
const noKeychainReason = 'reason' in probe ? probe.reason : '';

const createdAccounts = new Set<string>();

afterAll(async () => {
  // Leave nothing behind in the keychain, whatever failed above.
  if (!keytar) return;
  for (const account of createdAccounts) await keytar.deletePassword(KEYCHAIN_SERVICE, account).catch(() => false);
});

describe('keytarTokenStore on the real OS keychain', () => {
  if (!keytar || !('store' in probe)) {
    const hint =
      'Run the tests through `npm test` (scripts/test.sh starts a private D-Bus session with gnome-keyring; needs apt packages dbus-x11, gnome-keyring, libsecret-1-dev).';
    if (underCI) {
      it('has a Secret Service to talk to (required under CI)', () => {
        throw new Error(`No OS keychain answered: ${noKeychainReason}. ${hint}`);
      });
    } else {
      console.warn(`[token-stores.keytar.test] skipping the keychain tests: no OS keychain answered (${noKeychainReason}). ${hint}`);
      it.skip(`keychain tests (skipped: no OS keychain answered: ${noKeychainReason})`, () => undefined);
    }
    return;
  }
  const store: TokenStore = probe.store;
  const kt: Keytar = keytar;

  it('is the keychain kind', () => {
    expect(store.kind).toBe('keychain');
  });

  it('sets, gets and deletes a token', async () => {
    const account = `http://127.0.0.1:1 keytar-${runId}@example.test`;
    const token = `tok-${randomBytes(24).toString('hex')}`;
    createdAccounts.add(account);

    expect(await store.get(account)).toBeNull();
    await store.set(account, token);
    expect(await store.get(account)).toBe(token);
    // It really is in the keychain, under the app's service name.
    expect(await kt.getPassword(KEYCHAIN_SERVICE, account)).toBe(token);

    const replaced = `${token}-2`;
    await store.set(account, replaced);
    expect(await store.get(account)).toBe(replaced);

    await store.delete(account);
    expect(await store.get(account)).toBeNull();
    expect(await kt.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    // Deleting an absent entry is fine.
    await expect(store.delete(account)).resolves.toBeUndefined();
  });

  describe('Session', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'cc-session-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('keeps the token in the keychain, not in session.json, and clear() removes the entry', async () => {
      const origin = 'http://127.0.0.1:9';
      const user: UserDetails = { id: `u-${runId}`, name: 'Keytar Test', email: `Session-${runId}@Example.test`, role: 'Super Admin' };
      const token = `session-${randomBytes(24).toString('hex')}`;
      const account = Session.accountFor(origin, user.email);
      createdAccounts.add(account);

      const session = new Session(store, dir);
      await session.start(origin, user, token);
      expect(session.currentToken()).toBe(token);
      expect(session.currentUser()).toEqual(user);
      expect(await kt.getPassword(KEYCHAIN_SERVICE, account)).toBe(token);

      const saved = await readFile(join(dir, 'session.json'), 'utf8');
      expect(saved).not.toContain(token);
      expect(JSON.parse(saved)).toMatchObject({ account, user });

      // A restart restores the session from the keychain; another server does not get it.
      const restarted = new Session(store, dir);
      await restarted.restore(origin);
      expect(restarted.currentToken()).toBe(token);
      expect(restarted.currentUser()).toEqual(user);
      const elsewhere = new Session(store, dir);
      await elsewhere.restore('http://127.0.0.1:10');
      expect(elsewhere.currentToken()).toBeNull();

      await restarted.clear();
      expect(restarted.currentToken()).toBeNull();
      expect(restarted.currentUser()).toBeNull();
      expect(await kt.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
      expect(await readdir(dir)).toEqual([]);
      await expect(restarted.clear()).resolves.toBeUndefined();

      // Nothing to restore any more.
      const after = new Session(store, dir);
      await after.restore(origin);
      expect(after.currentToken()).toBeNull();
    });
  });
});

describe('encryptedFileTokenStore (the safeStorage fallback) on disk', () => {
  // A reversible stand-in for safeStorage: XOR with a key, then byte-reversed. Enough to show that what
  // reaches the disk is the cipher's output, never the plain token.
  const key = randomBytes(32);
  let encryptCalls = 0;
  const cipher: Cipher = {
    encrypt(plain) {
      encryptCalls += 1;
      const bytes = Buffer.from(plain, 'utf8');
      return Buffer.from(bytes.map((b, i) => b ^ key[i % key.length]!)).reverse();
    },
    decrypt(data) {
      const bytes = Buffer.from(data).reverse();
      return Buffer.from(bytes.map((b, i) => b ^ key[i % key.length]!)).toString('utf8');
    },
  };

  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-token-file-'));
    path = join(dir, 'token.bin');
    encryptCalls = 0;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const assertNoPlainText = async (secrets: string[]) => {
    const raw = await readFile(path);
    for (const secret of secrets) {
      for (const form of [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')]) {
        expect(raw.includes(Buffer.from(form, 'utf8')), `the file contains ${form === secret ? 'the token' : 'an encoding of the token'}`).toBe(false);
      }
      expect(raw.toString('latin1')).not.toContain(secret);
    }
  };

  it('round-trips tokens through the cipher and never writes them in plain text', async () => {
    const store = encryptedFileTokenStore(cipher, fileAt(path));
    expect(store.kind).toBe('safeStorage');
    const a = `tok-a-${randomBytes(16).toString('hex')}`;
    const b = `tok-b-${randomBytes(16).toString('hex')}`;

    expect(await store.get('origin a@example.test')).toBeNull();
    await store.set('origin a@example.test', a);
    await assertNoPlainText([a, 'origin a@example.test']);
    await store.set('origin b@example.test', b);
    await assertNoPlainText([a, b]);
    expect(encryptCalls).toBe(2);

    // A fresh store over the same file (an app restart) reads them back.
    const reopened = encryptedFileTokenStore(cipher, fileAt(path));
    expect(await reopened.get('origin a@example.test')).toBe(a);
    expect(await reopened.get('origin b@example.test')).toBe(b);

    await reopened.delete('origin a@example.test');
    expect(await reopened.get('origin a@example.test')).toBeNull();
    expect(await reopened.get('origin b@example.test')).toBe(b);
    await assertNoPlainText([a, b]);

    // The last delete removes the file altogether.
    await reopened.delete('origin b@example.test');
    expect(await readdir(dir)).toEqual([]);
    expect(await reopened.get('origin b@example.test')).toBeNull();
  });

  it('treats an unreadable file as empty rather than failing or leaking', async () => {
    await writeFile(path, Buffer.from('not what the cipher wrote'));
    const store = encryptedFileTokenStore(cipher, fileAt(path));
    expect(await store.get('origin a@example.test')).toBeNull();
    await store.set('origin a@example.test', 'fresh-token-value');
    expect(await store.get('origin a@example.test')).toBe('fresh-token-value');
    await assertNoPlainText(['fresh-token-value']);
  });

  it('writes the file readable by its owner only', async () => {
    if (process.platform === 'win32') return;
    const store = encryptedFileTokenStore(cipher, fileAt(path));
    await store.set('origin a@example.test', 'mode-token');
    const { stat } = await import('node:fs/promises');
    expect((await stat(path)).mode & 0o077).toBe(0);
  });
});
