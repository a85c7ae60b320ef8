import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedTokenStore, memoryTokenStore, probeKeytar, safeStorageUsable, type TokenStore } from './token-stores';

const never = <T>() => new Promise<T>(() => undefined);

/** A keychain whose Secret Service froze: no call ever answers (the calls it was asked are counted). */
const frozenCalls = { count: 0 };
const frozen: TokenStore = {
  kind: 'keychain',
  get: () => (frozenCalls.count++, never()),
  set: () => (frozenCalls.count++, never()),
  delete: () => (frozenCalls.count++, never()),
};
const frozenKeytar = { getPassword: () => never<string | null>(), setPassword: () => never<void>(), deletePassword: () => never<boolean>() };

/** Whether a promise has settled by now (after the microtasks already queued). */
const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('the keychain with a timeout', () => {
  // The clock is faked: "after the timeout" is the timer's, not a wall-clock bound a loaded machine breaks.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a frozen keychain at start: the probe gives up after the timeout with the reason', async () => {
    vi.useFakeTimers();
    const probe = probeKeytar(async () => frozenKeytar, 200);
    await vi.advanceTimersByTimeAsync(199);
    expect(await settled(probe)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await probe).toEqual({ reason: expect.stringMatching(/did not answer within/) });
  });

  it('a keychain that freezes later: the call falls back after the timeout, and the store says so', async () => {
    const fallback = memoryTokenStore();
    const store = guardedTokenStore(frozen, (reason) => ({ store: fallback, note: `fallback because ${reason}` }), 200);
    expect(store.kind).toBe('keychain');
    expect(store.note?.()).toBeNull();
    vi.useFakeTimers();
    const set = store.set('acct', 'tok');
    await vi.advanceTimersByTimeAsync(199);
    expect(await settled(set)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await set;
    expect(store.kind).toBe('memory');
    expect(store.note?.()).toMatch(/^fallback because the keychain did not answer within/);
    // Later calls go straight to the fallback: the keychain is not asked (nor waited for) again.
    const asked = frozenCalls.count;
    expect(await store.get('acct')).toBe('tok');
    expect(frozenCalls.count).toBe(asked);
  });

  it('a keychain that answers stays in use', async () => {
    const keychain = { ...memoryTokenStore(), kind: 'keychain' as const };
    const store = guardedTokenStore(keychain, () => ({ store: memoryTokenStore(), note: 'x' }), 200);
    await store.set('a', 'b');
    expect(await store.get('a')).toBe('b');
    expect(store.kind).toBe('keychain');
  });
});

describe('safeStorage acceptance', () => {
  const info = (available: boolean, backend?: string) => ({
    isEncryptionAvailable: () => available,
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  });
  it("treats Linux's basic_text backend (a key built into Electron) as unavailable", () => {
    expect(safeStorageUsable(info(true, 'basic_text'), 'linux')).toMatchObject({ usable: false, reason: expect.stringContaining('basic_text') });
    expect(safeStorageUsable(info(true, 'unknown'), 'linux').usable).toBe(false);
    expect(safeStorageUsable(info(true), 'linux').usable).toBe(false);
  });
  it('accepts a real keyring backend on Linux and the OS encryption elsewhere', () => {
    expect(safeStorageUsable(info(true, 'gnome_libsecret'), 'linux').usable).toBe(true);
    expect(safeStorageUsable(info(true, 'kwallet5'), 'linux').usable).toBe(true);
    expect(safeStorageUsable(info(true), 'darwin').usable).toBe(true);
    expect(safeStorageUsable(info(true), 'win32').usable).toBe(true);
    expect(safeStorageUsable(info(false, 'gnome_libsecret'), 'linux').usable).toBe(false);
  });
});
