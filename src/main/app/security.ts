import { app, BrowserWindow, dialog, session, shell, type WebContents } from 'electron';
import { externalDecision, externalQuestion } from './external-links';

/** Opens a web address in the system browser: https at once, plain http elsewhere only once the person agrees. */
async function openExternal(contents: WebContents, url: string): Promise<void> {
  const decision = externalDecision(url);
  if (decision === 'refuse') return;
  if (decision === 'ask') {
    const window = BrowserWindow.fromWebContents(contents);
    const options = { type: 'warning' as const, buttons: ['Cancel', 'Open'], defaultId: 0, cancelId: 0, noLink: true, ...externalQuestion(url) };
    const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
    if (response !== 1) return;
  }
  await shell.openExternal(url);
}

/**
 * Electron's security checklist, app-wide: no navigation away from the app, no new windows (web links go
 * to the system browser, see external-links.ts), every permission request denied, no webviews.
 */
export function applySecurityPolicy(isAppUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      void openExternal(contents, url).catch(() => undefined);
      return { action: 'deny' };
    });
  });

  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
  });
}
