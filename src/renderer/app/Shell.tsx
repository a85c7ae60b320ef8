import { Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Badge,
  Button,
  Divider,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DarkThemeRegular, KeyRegular, PanelLeftContractRegular, PanelLeftExpandRegular, SignOutRegular } from '@fluentui/react-icons';
import type { ThemeChoice } from '../../shared/schemas/settings';
import { useSidebarCollapsed, useThemeChoice } from '../lib/preferences';
import { useScreenCommandStore } from '../lib/commands';
import { missingCommandText } from '../lib/missing-command';
import { APP_COMMANDS, HELP_COMMANDS, acceleratorText, commandOfKey, type AppCommand } from '../../shared/shortcuts';
import { CommandPalette, type PaletteItem } from './CommandPalette';
import { ShortcutsDialog } from './ShortcutsDialog';
import { ServerCheckDialog } from './ServerCheckDialog';
import { isMac } from './platform';
import { MSG } from '../../shared/messages';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useNotify } from '../components/toast';
import { AREAS, HOME_SCREEN, screenTitle } from './areas';

/** The area's link is current on its inner screens too (the course list also on /). */
function ownsPath(path: string, also: readonly string[] | undefined, pathname: string): boolean {
  if (pathname === '/') return AREAS.find((a) => a.screen === HOME_SCREEN)?.path === path;
  return (also ?? []).some((prefix) => pathname.startsWith(prefix));
}
import { Logo } from '../components/Logo';
import { Tooltip } from '../components/Tooltip';
import { useSession } from '../lib/session-store';
import { queryClient } from './query';

const SIDEBAR = '232px';
const SIDEBAR_COLLAPSED = '56px';
const THEME_TEXT: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

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
  navLinkCollapsed: { justifyContent: 'center', padding: 0 },
  navFoot: { marginTop: tokens.spacingVerticalS, display: 'flex', justifyContent: 'flex-start' },
  navFootCollapsed: { justifyContent: 'center' },
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
  header: {
    gridArea: 'header',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  whoText: { display: 'flex', flexDirection: 'column', lineHeight: tokens.lineHeightBase200, minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  nav: {
    gridArea: 'nav',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  navList: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  navLink: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: '36px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    position: 'relative',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  navLinkActive: {
    backgroundColor: tokens.colorSubtleBackgroundSelected,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    '::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      top: '8px',
      bottom: '8px',
      width: '3px',
      borderRadius: '2px',
      backgroundColor: tokens.colorBrandForeground1,
    },
  },
  navIcon: { fontSize: '20px', flexShrink: 0 },
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
  soon: { marginLeft: 'auto', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

/** The window title names the screen ('Admins — Content Console'); Electron's window follows it. */
function useScreenTitle(pathname: string): void {
  useEffect(() => {
    const screen = screenTitle(pathname);
    document.title = screen ? `${screen} — Content Console` : 'Content Console';
  }, [pathname]);
}

/**
 * A screen, once opened (from the sidebar, the palette, a link, or the app starting on it), takes the
 * focus at its heading: a keyboard user goes on from the screen, not from the sidebar entry, a screen
 * reader announces it, and the focus never rests on the page's body (where Fluent's tab guards around the
 * app stay tabbable). A screen that already holds the focus, or a dialog opened meanwhile, keeps it.
 */
function useFocusScreen(pathname: string, main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const started = performance.now();
    // What had the focus when the screen was chosen (the sidebar link, the page after a reload): once
    // the person has moved on from it (opened a menu, a dialog, clicked a field), the screen leaves the
    // focus where they put it.
    const chosenFrom = document.activeElement;
    let frame = 0;
    const attempt = () => {
      const region = main.current;
      if (!region || dialogOpen()) return;
      const active = document.activeElement;
      if (active && active !== region && region.contains(active)) return;
      if (active && active !== document.body && active !== chosenFrom) return;
      // A lazy screen shows a spinner first: wait for its heading a little while.
      const heading = region.querySelector<HTMLElement>('h1');
      if (!heading && performance.now() - started < 3000) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      const target = heading ?? region;
      target.tabIndex = -1;
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

/**
 * A focused control that goes away (a button replaced when the queue finishes, one disabled while its
 * work runs) drops the focus to the page's body, where Fluent's tab guards around the app are tabbable
 * and a keyboard user starts again from the top: the screen's heading takes it instead. A click on an
 * empty spot leaves the focus where the person put it.
 */
function useKeepFocus(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let last: HTMLElement | null = null;
    // Only a screen's own buttons and its heading (drawn again when the screen's data arrives): a table
    // puts the focus back on its row itself, and a dialog keeps the focus inside it.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const watched = target instanceof HTMLButtonElement || target instanceof HTMLHeadingElement;
      last = watched && main.current?.contains(target) ? target : null;
    };
    let frame = 0;
    // Removing or disabling the focused element fires no focus event everywhere: watch the page change.
    const observer = new MutationObserver(() => {
      if (!last || (last.isConnected && !last.matches(':disabled'))) return;
      const lost = last;
      last = null;
      cancelAnimationFrame(frame);
      // A frame later: whatever puts the focus back on its own (a menu, a row) has done so by then.
      frame = requestAnimationFrame(() => {
        const region = main.current;
        if (!region || document.activeElement !== document.body || !document.hasFocus()) return;
        if (document.querySelector('[role="dialog"], [role="alertdialog"]') || lost.closest('[role="dialog"], [role="alertdialog"]')) return;
        const target = region.querySelector<HTMLElement>('h1') ?? region;
        target.tabIndex = -1;
        target.focus({ preventScroll: true });
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [main]);
}

/** Below this width the sidebar shows icons only, whatever the kept choice: the tables need the room. */
const NARROW = '(max-width: 1199px)';
const subscribeNarrow = (onChange: () => void) => {
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW).matches;

/**
 * The sidebar's state: the kept choice in a wide window; in a narrow one collapsed, and opened only for
 * the moment (the toggle there does not change the kept choice).
 */
function useSidebar(): { collapsed: boolean; setCollapsed: (collapsed: boolean) => void } {
  const kept = useSidebarCollapsed();
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);
  if (!narrow) return kept;
  return { collapsed: !openWhileNarrow, setCollapsed: (c) => setOpenWhileNarrow(!c) };
}

const keysOf = (command: keyof typeof APP_COMMANDS) => acceleratorText(APP_COMMANDS[command].accelerator, isMac);
/**
 * A dialog has the keys while it is open (its own Escape, its fields' Ctrl+F). An open dialog holds the
 * focus; one fading out after closing does not (focus is back at its opener), so it no longer counts.
 */
const dialogOpen = () => document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null;

export function Shell() {
  const styles = useStyles();
  const user = useSession((s) => s.user);
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { collapsed, setCollapsed } = useSidebar();
  const { choice, setChoice } = useThemeChoice();
  useScreenTitle(location.pathname);
  const mainRef = useRef<HTMLElement>(null);
  useFocusScreen(location.pathname, mainRef);
  useKeepFocus(mainRef);
  const [palette, setPalette] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const [checking, setChecking] = useState(false);
  const screen = useScreenCommandStore((state) => state.commands);

  // The keys, the palette and the native menu run the same commands.
  const run = (command: AppCommand): boolean => {
    if (command === 'palette' || command === 'findRecord') return setPalette(true), true;
    if (command === 'shortcuts') return setShortcuts(true), true;
    if (command === 'checkServer') return setChecking(true), true;
    const missing = missingCommandText(command, screen);
    if (missing) return notify.info(missing), true;
    const action = screen[command];
    if (!action) return false;
    action();
    return true;
  };
  const runLatest = useLatest(run);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandOfKey(event, isMac);
      if (!command || dialogOpen()) return;
      if (runLatest.current(command)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const offMenu = window.api.on('app:command', ({ command }) => {
      if (!dialogOpen()) runLatest.current(command);
    });
    return () => {
      window.removeEventListener('keydown', onKey);
      offMenu();
    };
  }, [runLatest]);
  const paletteItems = useMemo<PaletteItem[]>(
    () => [
      ...(screen.add ? [{ id: 'add', label: screen.addLabel ?? 'Add', hint: keysOf('add'), run: screen.add }] : []),
      ...(screen.focusSearch ? [{ id: 'search', label: 'Search this list', hint: keysOf('focusSearch'), run: screen.focusSearch }] : []),
      ...(screen.reload ? [{ id: 'reload', label: 'Reload this list', hint: keysOf('reload'), run: screen.reload }] : []),
      ...AREAS.map((area) => ({ id: `go:${area.path}`, label: `Go to ${area.label}`, hint: 'Screen', run: () => navigate(area.path) })),
      { id: 'go:change-password', label: 'Go to Change password', hint: 'Screen', run: () => navigate('/change-password') },
      ...(['system', 'light', 'dark'] as const).map((value) => ({ id: `theme:${value}`, label: `Theme: ${THEME_TEXT[value]}`, hint: choice === value ? 'Current' : 'Theme', run: () => setChoice(value) })),
      { id: 'sidebar', label: collapsed ? 'Expand the sidebar' : 'Collapse the sidebar', run: () => setCollapsed(!collapsed) },
      { id: 'shortcuts', label: 'Keyboard shortcuts', hint: keysOf('shortcuts'), run: () => setShortcuts(true) },
      { id: 'checkServer', label: HELP_COMMANDS.checkServer.label, hint: 'Help', run: () => setChecking(true) },
      { id: 'logout', label: 'Log out', run: () => setConfirming(true) },
    ],
    [screen, navigate, choice, setChoice, collapsed, setCollapsed],
  );

  const logout = async () => {
    setLeaving(true);
    const result = await window.api.session.logout();
    setLeaving(false);
    setConfirming(false);
    if (!result.ok) {
      notify.error(result.error.message || MSG.somethingWentWrong);
      return;
    }
    clear();
    queryClient.clear();
    navigate('/login', { replace: true });
    notify.success(MSG.logoutSuccessful);
  };

  return (
    <div className={mergeClasses(styles.root, collapsed && styles.rootCollapsed)}>
      <div className={mergeClasses(styles.brand, collapsed && styles.brandCollapsed)}>
        <Link to="/" className={styles.brandLink} aria-label="Content Console home">
          <Logo withName={!collapsed} />
        </Link>
      </div>
      <header className={styles.header}>
        {user ? (
          <div className={styles.who}>
            <Avatar name={user.name} size={32} color="colorful" aria-hidden />
            <div className={styles.whoText}>
              <Text className={styles.name} data-testid="current-user-name">
                {user.name}
              </Text>
              <span>
                <Badge appearance="tint" color={user.role === 'Super Admin' ? 'brand' : 'informative'} size="small">
                  {user.role}
                </Badge>
              </span>
            </div>
          </div>
        ) : null}
        <Divider vertical style={{ height: '28px', flexGrow: 0 }} />
        <Menu checkedValues={{ theme: [choice] }} onCheckedValueChange={(_e, data) => data.checkedItems[0] && setChoice(data.checkedItems[0] as ThemeChoice)}>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<DarkThemeRegular />} aria-label={`Theme: ${THEME_TEXT[choice]}`}>
              Theme
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {(Object.keys(THEME_TEXT) as ThemeChoice[]).map((value) => (
                <MenuItemRadio key={value} name="theme" value={value}>
                  {THEME_TEXT[value]}
                </MenuItemRadio>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
        <Button
          as="a"
          appearance="subtle"
          icon={<KeyRegular />}
          href="#/change-password"
          onClick={(e) => {
            e.preventDefault();
            navigate('/change-password');
          }}
        >
          Change password
        </Button>
        <Button appearance="subtle" icon={<SignOutRegular />} onClick={() => setConfirming(true)}>
          Logout
        </Button>
      </header>
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.navList}>
          {AREAS.map(({ path, label, icon: Icon, also, screen }) => {
            const link = (
              <NavLink
                to={path}
                aria-label={collapsed ? label : undefined}
                className={({ isActive }) =>
                  mergeClasses(styles.navLink, collapsed && styles.navLinkCollapsed, (isActive || ownsPath(path, also, location.pathname)) && styles.navLinkActive)
                }
              >
                <Icon className={styles.navIcon} aria-hidden />
                {collapsed ? null : label}
                {/* Areas without a screen yet say so before they are opened. */}
                {screen || collapsed ? null : <span className={styles.soon}>(not built yet)</span>}
              </NavLink>
            );
            return (
              <li key={path}>
                {collapsed ? (
                  <Tooltip content={label} relationship="description" positioning="after">
                    {link}
                  </Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
        <div className={mergeClasses(styles.navFoot, collapsed && styles.navFootCollapsed)}>
          <Tooltip content={collapsed ? 'Expand the sidebar' : 'Collapse the sidebar'} relationship="label" positioning="after">
            <Button
              appearance="subtle"
              icon={collapsed ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed(!collapsed)}
            />
          </Tooltip>
        </div>
      </nav>
      <main className={styles.main} ref={mainRef}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Spinner className={styles.loading} label="Loading…" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {palette ? <CommandPalette items={paletteItems} onClose={() => setPalette(false)} /> : null}
      {shortcuts ? <ShortcutsDialog onClose={() => setShortcuts(false)} /> : null}
      {checking ? <ServerCheckDialog onClose={() => setChecking(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={MSG.logoutConfirm}
        text="You will be signed out of Content Console on this computer."
        confirmLabel="Log out"
        cancelLabel="Cancel"
        busy={leaving}
        onConfirm={() => void logout()}
        onCancel={() => {
          setConfirming(false);
          notify.info(MSG.logoutDeclined);
        }}
      />
    </div>
  );
}

/** A ref that always holds the latest value (listeners added once call the current function). */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useMemo(() => ({ current: value }), []); // eslint-disable-line react-hooks/exhaustive-deps
  ref.current = value;
  return ref;
}
