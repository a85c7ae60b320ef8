import { app, session, shell, type WebContents } from 'electron';
import { isAllowedExternal } from './external-links';

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
      if (isAllowedExternal(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
  });
}
