import { safeStorage, app } from 'electron';
import { join } from 'node:path';
import { fileAt } from '../services/atomic-file';
import { encryptedFileTokenStore, memoryTokenStore, probeKeytar, type TokenStore } from '../services/token-store';
import { log } from '../services/log';

/** The keychain through keytar; else safeStorage in userData; else memory only (never plain text). */
export async function chooseTokenStore(): Promise<{ store: TokenStore; note: string | null }> {
  const keychain = await probeKeytar(async () => (await import('keytar')).default);
  if ('store' in keychain) return { store: keychain.store, note: null };
  log('keychain unavailable, falling back', { reason: keychain.reason });
  if (safeStorage.isEncryptionAvailable()) {
    const store = encryptedFileTokenStore(
      { encrypt: (plain) => safeStorage.encryptString(plain), decrypt: (data) => safeStorage.decryptString(data) },
      fileAt(join(app.getPath('userData'), 'token.bin')),
    );
    return { store, note: `The OS keychain is not available (${keychain.reason}); the token is encrypted with Electron safeStorage in the app's data folder.` };
  }
  return {
    store: memoryTokenStore(),
    note: 'Neither the OS keychain nor safeStorage encryption is available: the session lasts until the app quits.',
  };
}
