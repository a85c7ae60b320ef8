import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { fail } from '../../shared/result';
import type { Handler } from '../core';
import { log } from '../services/log';
import { isTrustedSender } from './sender';

/**
 * Registers one ipc handler per channel of the core. Each call must come from the main frame of the
 * app's own window showing the app's own page; inputs are parsed by the core's handlers.
 */
export function registerIpc(handlers: Map<string, Handler>, window: () => BrowserWindow | null, isAppUrl: (url: string) => boolean): void {
  const trusted = (event: IpcMainInvokeEvent): boolean => isTrustedSender(event, window()?.webContents ?? null, isAppUrl);
  for (const [channel, handler] of handlers) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!trusted(event)) {
        log('ipc call refused: untrusted sender', { channel });
        return fail('auth', 'This call is not allowed from here.');
      }
      return handler(input);
    });
  }
}
