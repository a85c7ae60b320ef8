/** The parts of an ipc event the sender check reads (Electron's types are wider). */
export interface SenderEventOf<C> {
  sender: C & { mainFrame: unknown };
  senderFrame: ({ url: string } & object) | null | undefined;
}

/**
 * True when a call comes from the main frame of the app's own window showing the app's own page: not
 * from another window, an iframe, or a page the window was navigated to.
 */
export function isTrustedSender<C>(event: SenderEventOf<C>, appContents: C | null, isAppUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  return appContents !== null && event.sender === appContents && !!frame && frame === event.sender.mainFrame && isAppUrl(frame.url);
}
