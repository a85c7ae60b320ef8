import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { fail } from '../../shared/result';
import type { Handler } from '../core';
import { log } from '../services/log';
import { isTrustedSender } from './sender';

/**
 * Registers one ipc handler per channel. Each call must come from the main frame of the app's own
 * window showing the app's own page; inputs are parsed by the core's handlers. The handlers may still
 * be starting (the window opens before the keychain answers): a call waits for them.
 */
export function registerIpc(
  channels: readonly string[],
  handlers: Promise<Map<string, Handler>>,
  window: () => BrowserWindow | null,
  isAppUrl: (url: string) => boolean,
): void {
  // A core that failed to start is reported per call; keep its rejection from going unhandled.
  handlers.catch(() => undefined);
  const trusted = (event: IpcMainInvokeEvent): boolean => isTrustedSender(event, window()?.webContents ?? null, isAppUrl);
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!trusted(event)) {
        log('ipc call refused: untrusted sender', { channel });
        return fail('auth', 'This call is not allowed from here.');
      }
      let handler: Handler | undefined;
      try {
        handler = (await handlers).get(channel);
      } catch (error) {
        return fail('network', `The app could not start its services: ${error instanceof Error ? error.message : String(error)}`);
      }
      return handler ? handler(input) : fail('validation', `Unknown call ${channel}`);
    });
  }
}
