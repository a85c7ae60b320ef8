import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './sender';

// Plain objects in the shape of Electron's WebContents and frames (Electron cannot run in vitest).
const appUrl = 'file:///app/out/renderer/index.html';
const isAppUrl = (url: string) => url.split('#')[0] === appUrl;
const mainFrame = { url: `${appUrl}#/admins` };
const appContents = { mainFrame };

describe('the ipc sender check', () => {
  it("accepts the main frame of the app's window on the app's page", () => {
    expect(isTrustedSender({ sender: appContents, senderFrame: mainFrame }, appContents, isAppUrl)).toBe(true);
  });
  it('refuses another window, an iframe, a foreign page and a missing frame', () => {
    const other = { mainFrame: { url: appUrl } };
    expect(isTrustedSender({ sender: other, senderFrame: other.mainFrame }, appContents, isAppUrl)).toBe(false);
    expect(isTrustedSender({ sender: appContents, senderFrame: { url: appUrl } }, appContents, isAppUrl)).toBe(false);
    const navigated = { mainFrame: { url: 'https://evil.example/' } };
    expect(isTrustedSender({ sender: navigated, senderFrame: navigated.mainFrame }, navigated, isAppUrl)).toBe(false);
    expect(isTrustedSender({ sender: appContents, senderFrame: null }, appContents, isAppUrl)).toBe(false);
    expect(isTrustedSender({ sender: appContents, senderFrame: mainFrame }, null, isAppUrl)).toBe(false);
  });
});
