import { useEffect, useState } from 'react';
import { useNotify } from '../../components/toast';
import { copyDiagnostics, logToMain, saveDiagnostics, showLogs } from '../../lib/diagnostics';
import { AboutDialog } from './AboutDialog';
import { UpdateBar } from './UpdateBar';

/**
 * The Help menu's app-wide commands (Show logs, Copy and Save diagnostics, About), on every screen the
 * login screen included; the "Restart to update" bar; and the page's uncaught errors sent to main's log.
 */
export function DesktopCommands() {
  const notify = useNotify();
  const [about, setAbout] = useState(false);
  useEffect(() => {
    const off = window.api.on('app:command', ({ command }) => {
      if (command === 'showLogs') void showLogs(notify);
      else if (command === 'copyDiagnostics') void copyDiagnostics(notify);
      else if (command === 'saveDiagnostics') void saveDiagnostics(notify);
      else if (command === 'about') setAbout(true);
    });
    const onError = (event: ErrorEvent) => logToMain('error', `uncaught error in the page: ${event.message}`, { stack: event.error instanceof Error ? (event.error.stack ?? '') : '', source: `${event.filename}:${event.lineno}` });
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      logToMain('error', `unhandled rejection in the page: ${reason instanceof Error ? reason.message : String(reason)}`, { stack: reason instanceof Error ? (reason.stack ?? '') : '' });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      off();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [notify]);
  return (
    <>
      <UpdateBar />
      {about ? <AboutDialog onClose={() => setAbout(false)} /> : null}
    </>
  );
}
