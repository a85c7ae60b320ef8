/**
 * Where the session token lives. The OS keychain through keytar first; where keytar cannot load or no
 * keychain answers, Electron safeStorage encryption in userData; in the browser bridge, memory only.
 * Never in plain text on disk.
 */
export interface TokenStore {
  readonly kind: 'keychain' | 'safeStorage' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, token: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** Keychain service name (DESIGN section 5). */
export const KEYCHAIN_SERVICE = 'Content Console';

export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, string>();
  return {
    kind: 'memory',
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
 * Loads keytar and checks that a keychain answers a write, a read and a delete of a probe entry (a
 * locked collection can answer reads and refuse writes). Returns the reason when any step fails, so the
 * caller can fall back.
 */
export async function probeKeytar(load: () => Promise<Keytar>): Promise<{ store: TokenStore } | { reason: string }> {
  try {
    const keytar = await load();
    await keytar.setPassword(KEYCHAIN_SERVICE, '__probe__', 'probe');
    const read = await keytar.getPassword(KEYCHAIN_SERVICE, '__probe__');
    await keytar.deletePassword(KEYCHAIN_SERVICE, '__probe__');
    if (read !== 'probe') return { reason: 'the keychain did not return what was written' };
    return { store: keytarTokenStore(keytar) };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
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
