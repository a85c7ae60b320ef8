/**
 * Where the session token lives. The OS keychain through keytar first; where keytar cannot load or no
 * keychain answers, Electron safeStorage encryption in userData; in the browser bridge, memory only.
 * Never in plain text on disk.
 */
export interface TokenStore {
  readonly kind: 'keychain' | 'safeStorage' | 'memory';
  /** Why the store is not the keychain, when it is not (shown in the settings); read at every view. */
  note?(): string | null;
  get(account: string): Promise<string | null>;
  set(account: string, token: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** Keychain service name (DESIGN section 5). */
export const KEYCHAIN_SERVICE = 'Content Console';

export function memoryTokenStore(note: string | null = null): TokenStore {
  const tokens = new Map<string, string>();
  return {
    kind: 'memory',
    note: () => note,
    get: async (account) => tokens.get(account) ?? null,
    set: async (account, token) => void tokens.set(account, token),
    delete: async (account) => void tokens.delete(account),
  };
}

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export function keytarTokenStore(keytar: Keytar, service = KEYCHAIN_SERVICE): TokenStore {
  return {
    kind: 'keychain',
    get: (account) => keytar.getPassword(service, account),
    set: (account, token) => keytar.setPassword(service, account, token),
    delete: async (account) => void (await keytar.deletePassword(service, account)),
  };
}

/**
 * How long one keychain call may take. A frozen Secret Service never answers (it held startup for 50 s
 * once): after this the call counts as failed and the fallback takes over.
 */
export const KEYCHAIN_TIMEOUT_MS = 3_000;

export class TimeoutError extends Error {}

/** The promise, or a TimeoutError after `ms` (the late answer is ignored). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${Math.round(ms / 100) / 10} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads keytar and checks that a keychain answers a write, a read and a delete of a probe entry (a
 * locked collection can answer reads and refuse writes), each step within `timeoutMs`. Returns the
 * reason when any step fails, so the caller can fall back.
 */
export async function probeKeytar(load: () => Promise<Keytar>, timeoutMs = KEYCHAIN_TIMEOUT_MS): Promise<{ store: TokenStore } | { reason: string }> {
  const step = <T>(promise: Promise<T>) => withTimeout(promise, timeoutMs, 'the keychain');
  try {
    const keytar = await step(load());
    await step(keytar.setPassword(KEYCHAIN_SERVICE, '__probe__', 'probe'));
    const read = await step(keytar.getPassword(KEYCHAIN_SERVICE, '__probe__'));
    await step(keytar.deletePassword(KEYCHAIN_SERVICE, '__probe__'));
    if (read !== 'probe') return { reason: 'the keychain did not return what was written' };
    return { store: keytarTokenStore(keytar) };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A store to fall back to, with the sentence the settings show about it. */
export interface Fallback {
  store: TokenStore;
  note: string;
}

/**
 * The keychain, guarded: every call waits at most `timeoutMs`; a call that fails or times out moves
 * the store to the fallback for the rest of the run (and is answered by it), and `kind` and `note()`
 * say so from then on. A token kept only in the keychain stays in memory for the running session.
 */
export function guardedTokenStore(
  keychain: TokenStore,
  fallback: (reason: string) => Fallback,
  timeoutMs = KEYCHAIN_TIMEOUT_MS,
  log: (message: string, details?: Record<string, unknown>) => void = () => undefined,
): TokenStore {
  let current: TokenStore = keychain;
  let note: string | null = null;
  const guarded = async <T>(use: (store: TokenStore) => Promise<T>): Promise<T> => {
    if (current !== keychain) return use(current);
    try {
      return await withTimeout(use(keychain), timeoutMs, 'the keychain');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (current === keychain) {
        const chosen = fallback(reason);
        current = chosen.store;
        note = chosen.note;
        log('keychain call failed, falling back', { reason, store: current.kind });
      }
      return use(current);
    }
  };
  return {
    get kind() {
      return current.kind;
    },
    note: () => note,
    get: (account) => guarded((store) => store.get(account)),
    set: (account, token) => guarded((store) => store.set(account, token)),
    delete: (account) => guarded((store) => store.delete(account)),
  };
}

/** The parts of Electron's safeStorage the choice reads (Electron cannot run in unit tests). */
export interface SafeStorageInfo {
  isEncryptionAvailable(): boolean;
  /** Linux only: 'basic_text', 'gnome_libsecret', 'kwallet', ... */
  getSelectedStorageBackend?(): string;
}

/**
 * Whether safeStorage really encrypts. On Linux without a keyring Electron falls back to the
 * 'basic_text' backend, whose key is built into Electron: anyone with the file can decrypt it, so it
 * counts as unavailable (as does 'unknown', before the app is ready).
 */
export function safeStorageUsable(safe: SafeStorageInfo, platform: string): { usable: true } | { usable: false; reason: string } {
  if (!safe.isEncryptionAvailable()) return { usable: false, reason: 'safeStorage encryption is not available' };
  if (platform === 'linux') {
    const backend = safe.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') {
      return { usable: false, reason: `safeStorage would use the '${backend}' backend, whose key is built into Electron` };
    }
  }
  return { usable: true };
}

/** The safeStorage fallback: the encrypted token in a file of its own, written atomically. */
export interface Cipher {
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

export function encryptedFileTokenStore(
  cipher: Cipher,
  file: { read(): Promise<Buffer | null>; write(data: Buffer): Promise<void>; remove(): Promise<void> },
): TokenStore {
  const readAll = async (): Promise<Record<string, string>> => {
    const data = await file.read();
    if (!data) return {};
    try {
      return JSON.parse(cipher.decrypt(data)) as Record<string, string>;
    } catch {
      return {};
    }
  };
  return {
    kind: 'safeStorage',
    get: async (account) => (await readAll())[account] ?? null,
    set: async (account, token) => {
      const all = await readAll();
      all[account] = token;
      await file.write(cipher.encrypt(JSON.stringify(all)));
    },
    delete: async (account) => {
      const all = await readAll();
      delete all[account];
      if (Object.keys(all).length === 0) await file.remove();
      else await file.write(cipher.encrypt(JSON.stringify(all)));
    },
  };
}
