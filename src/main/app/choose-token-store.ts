import { safeStorage, app } from 'electron';
import { join } from 'node:path';
import { fileAt } from '../services/atomic-file';
import {
  encryptedFileTokenStore,
  guardedTokenStore,
  memoryTokenStore,
  probeKeytar,
  safeStorageUsable,
  type Fallback,
  type TokenStore,
} from '../services/token-stores';
import { log } from '../services/log';

/** safeStorage in userData when it really encrypts; else memory only (never plain text). */
function fallbackStore(keychainReason: string): Fallback {
  const safe = safeStorageUsable(safeStorage, process.platform);
  if (safe.usable) {
    const store = encryptedFileTokenStore(
      { encrypt: (plain) => safeStorage.encryptString(plain), decrypt: (data) => safeStorage.decryptString(data) },
      fileAt(join(app.getPath('userData'), 'token.bin')),
    );
    return { store, note: `The OS keychain is not available (${keychainReason}); the token is encrypted with Electron safeStorage in the app's data folder.` };
  }
  return {
    store: memoryTokenStore(),
    note: `Neither the OS keychain (${keychainReason}) nor real safeStorage encryption (${safe.reason}) is available: the session lasts until the app quits.`,
  };
}

/**
 * The keychain through keytar, each call within a few seconds (a frozen Secret Service must not hold
 * the app); else safeStorage in userData; else memory only. Called after the window is open.
 */
export async function chooseTokenStore(): Promise<TokenStore> {
  const keychain = await probeKeytar(async () => (await import('keytar')).default);
  if ('store' in keychain) return guardedTokenStore(keychain.store, fallbackStore, undefined, log);
  log('keychain unavailable, falling back', { reason: keychain.reason });
  const { store, note } = fallbackStore(keychain.reason);
  return { kind: store.kind, note: () => note, get: store.get, set: store.set, delete: store.delete };
}
