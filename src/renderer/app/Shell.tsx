import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Badge,
  Button,
  Divider,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { KeyRegular, SignOutRegular } from '@fluentui/react-icons';
import { MSG } from '../../shared/messages';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useNotify } from '../components/toast';
import { AREAS } from './areas';
import { Logo } from '../components/Logo';
import { useSession } from '../lib/session-store';
import { queryClient } from './query';

const SIDEBAR = '232px';

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
  },
  loading: { margin: 'auto' },
  soon: { marginLeft: 'auto', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

const INNER_TITLES: Readonly<Record<string, string>> = {
  '/': 'Home',
  '/videomoments': 'Video Moments',
  '/transcripts': 'Transcripts',
  '/change-password': 'Change password',
};

/** The window title names the screen ('Admins — Content Console'); Electron's window follows it. */
function useScreenTitle(pathname: string): void {
  useEffect(() => {
    const screen = AREAS.find((a) => a.path === pathname)?.label ?? INNER_TITLES[pathname];
    document.title = screen ? `${screen} — Content Console` : 'Content Console';
  }, [pathname]);
}

export function Shell() {
  const styles = useStyles();
  const user = useSession((s) => s.user);
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useScreenTitle(location.pathname);

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
    <div className={styles.root}>
      <div className={styles.brand}>
        <Link to="/" className={styles.brandLink} aria-label="Content Console home">
          <Logo />
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
          {AREAS.map(({ path, label, icon: Icon, screen }) => (
            <li key={path}>
              <NavLink to={path} className={({ isActive }) => mergeClasses(styles.navLink, isActive && styles.navLinkActive)}>
                <Icon className={styles.navIcon} aria-hidden />
                {label}
                {/* Areas without a screen yet say so before they are opened. */}
                {screen ? null : <span className={styles.soon}>(not built yet)</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Spinner className={styles.loading} label="Loading…" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
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
