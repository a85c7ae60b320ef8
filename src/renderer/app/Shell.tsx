import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useThemeChoice } from '../lib/preferences';
import { useScreenCommandStore } from '../lib/commands';
import { missingCommandText } from '../lib/missing-command';
import { APP_COMMANDS, HELP_COMMANDS, acceleratorText, commandOfKey, type AppCommand } from '../../shared/shortcuts';
import { CommandPalette, type PaletteItem } from './CommandPalette';
import { ShortcutsDialog } from './ShortcutsDialog';
import { ServerCheckDialog } from './ServerCheckDialog';
import { isMac } from './platform';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useNotify } from '../components/toast';
import { AREAS, screenTitle } from './areas';
import { useLatestCallback } from '../lib/latest-callback';
import { Sidebar, useSidebar } from './Sidebar';
import { dialogOpen, useFocusScreen, useKeepFocus } from './screen-focus';
import { Logo } from '../components/Logo';
import { PlatformBanner } from './PlatformBanner';
import { useUndoLastKey } from '../kit/undo-last';
import { ShellHeader, THEME_TEXT } from './ShellHeader';

const SIDEBAR = '232px';
const SIDEBAR_COLLAPSED = '56px';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: `${SIDEBAR} minmax(0, 1fr)`,
    gridTemplateRows: '56px minmax(0, 1fr)',
    gridTemplateAreas: '"brand header" "nav main"',
    height: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  rootCollapsed: { gridTemplateColumns: `${SIDEBAR_COLLAPSED} minmax(0, 1fr)` },
  brandCollapsed: { justifyContent: 'center', padding: 0 },
  brand: {
    gridArea: 'brand',
    display: 'flex',
    alignItems: 'center',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  brandLink: {
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  main: {
    gridArea: 'main',
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    overflow: 'auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    ':focus': { outline: 'none' },
  },
  loading: { margin: 'auto' },
});

/** The window title names the screen ('Admins — Content Console'); Electron's window follows it. */
function useScreenTitle(pathname: string): void {
  useEffect(() => {
    const screen = screenTitle(pathname);
    document.title = screen ? `${screen} — Content Console` : 'Content Console';
  }, [pathname]);
}

const keysOf = (command: keyof typeof APP_COMMANDS) => acceleratorText(APP_COMMANDS[command].accelerator, isMac);

/** The palette: the current screen's commands (followed while it is open), then the app's. */
function ScreenPalette({ appItems, onClose }: { appItems: PaletteItem[]; onClose: () => void }) {
  const screen = useScreenCommandStore((state) => state.commands);
  const items = useMemo<PaletteItem[]>(
    () => [
      ...(screen.add ? [{ id: 'add', label: screen.addLabel ?? 'Add', hint: keysOf('add'), run: screen.add }] : []),
      ...(screen.focusSearch ? [{ id: 'search', label: 'Search this list', hint: keysOf('focusSearch'), run: screen.focusSearch }] : []),
      ...(screen.reload ? [{ id: 'reload', label: 'Reload this list', hint: keysOf('reload'), run: screen.reload }] : []),
      ...appItems,
    ],
    [screen, appItems],
  );
  return <CommandPalette items={items} onClose={onClose} />;
}

/**
 * The shell's commands: the keys, the palette and the native menu run the same ones, and Ctrl+Z undoes
 * the last action of the session. The screen's are read when run: the shell does not render again when
 * a screen registers them (every navigation would, twice).
 */
function useShellCommands(setConfirming: (open: boolean) => void) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { collapsed, setCollapsed } = useSidebar();
  const { choice, setChoice } = useThemeChoice();
  const [palette, setPalette] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const [checking, setChecking] = useState(false);
  useUndoLastKey(dialogOpen);
  const run = (command: AppCommand): boolean => {
    const screen = useScreenCommandStore.getState().commands;
    if (command === 'palette' || command === 'findRecord') return setPalette(true), true;
    if (command === 'shortcuts') return setShortcuts(true), true;
    if (command === 'checkServer') return setChecking(true), true;
    // The app-wide Help commands are DesktopCommands' (they work on the login screen too).
    if (command === 'showLogs' || command === 'copyDiagnostics' || command === 'saveDiagnostics' || command === 'about') return false;
    const missing = missingCommandText(command, screen);
    if (missing) return notify.info(missing), true;
    const action = screen[command];
    if (!action) return false;
    action();
    return true;
  };
  const runLatest = useLatestCallback(run);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandOfKey(event, isMac);
      if (!command || dialogOpen()) return;
      if (runLatest(command)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const offMenu = window.api.on('app:command', ({ command }) => {
      if (!dialogOpen()) runLatest(command);
    });
    return () => {
      window.removeEventListener('keydown', onKey);
      offMenu();
    };
  }, [runLatest]);
  const appItems = useMemo<PaletteItem[]>(
    () => [
      ...AREAS.map((area) => ({ id: `go:${area.path}`, label: `Go to ${area.label}`, hint: 'Screen', run: () => navigate(area.path) })),
      { id: 'go:change-password', label: 'Go to Change password', hint: 'Screen', run: () => navigate('/change-password') },
      ...(['system', 'light', 'dark'] as const).map((value) => ({ id: `theme:${value}`, label: `Theme: ${THEME_TEXT[value]}`, hint: choice === value ? 'Current' : 'Theme', run: () => setChoice(value) })),
      { id: 'sidebar', label: collapsed ? 'Expand the sidebar' : 'Collapse the sidebar', run: () => setCollapsed(!collapsed) },
      { id: 'shortcuts', label: 'Keyboard shortcuts', hint: keysOf('shortcuts'), run: () => setShortcuts(true) },
      { id: 'checkServer', label: HELP_COMMANDS.checkServer.label, hint: 'Help', run: () => setChecking(true) },
      { id: 'logout', label: 'Log out', run: () => setConfirming(true) },
    ],
    [navigate, choice, setChoice, collapsed, setCollapsed, setConfirming],
  );
  const dialogs = (
    <>
      {palette ? <ScreenPalette appItems={appItems} onClose={() => setPalette(false)} /> : null}
      {shortcuts ? <ShortcutsDialog onClose={() => setShortcuts(false)} /> : null}
      {checking ? <ServerCheckDialog onClose={() => setChecking(false)} /> : null}
    </>
  );
  return { collapsed, setCollapsed, dialogs };
}

export function Shell() {
  const styles = useStyles();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  useScreenTitle(location.pathname);
  const mainRef = useRef<HTMLElement>(null);
  useFocusScreen(location.pathname, mainRef);
  useKeepFocus(mainRef);
  const { collapsed, setCollapsed, dialogs } = useShellCommands(setConfirming);

  return (
    <div className={mergeClasses(styles.root, collapsed && styles.rootCollapsed)}>
      <div className={mergeClasses(styles.brand, collapsed && styles.brandCollapsed)}>
        <Link to="/" className={styles.brandLink} aria-label="Content Console home">
          <Logo withName={!collapsed} />
        </Link>
      </div>
      <ShellHeader confirming={confirming} setConfirming={setConfirming} />
      <Sidebar collapsed={collapsed} setCollapsed={setCollapsed} />
      <main className={styles.main} ref={mainRef}>
        <PlatformBanner />
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Spinner className={styles.loading} label="Loading…" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {dialogs}
    </div>
  );
}

