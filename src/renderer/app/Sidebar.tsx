import { useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { useSidebarCollapsed } from '../lib/preferences';
import { Tooltip } from '../components/Tooltip';
import { AREAS, HOME_SCREEN } from './areas';

// The sidebar: one link per area (from the area table), current on the area's inner screens too, and
// the collapse toggle; in a narrow window it shows icons only.

const useStyles = makeStyles({
  navLinkCollapsed: { justifyContent: 'center', padding: 0 },
  navFoot: { marginTop: tokens.spacingVerticalS, display: 'flex', justifyContent: 'flex-start' },
  navFootCollapsed: { justifyContent: 'center' },
  nav: {
    gridArea: 'nav',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
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
  navList: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  navIcon: { fontSize: '20px', flexShrink: 0 },
  soon: { marginLeft: 'auto', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

/** The area's link is current on its inner screens too (the course list also on /). */
function ownsPath(path: string, also: readonly string[] | undefined, pathname: string): boolean {
  if (pathname === '/') return AREAS.find((a) => a.screen === HOME_SCREEN)?.path === path;
  return (also ?? []).some((prefix) => pathname.startsWith(prefix));
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
export function useSidebar(): { collapsed: boolean; setCollapsed: (collapsed: boolean) => void } {
  const kept = useSidebarCollapsed();
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);
  if (!narrow) return kept;
  return { collapsed: !openWhileNarrow, setCollapsed: (c) => setOpenWhileNarrow(!c) };
}

export function Sidebar({ collapsed, setCollapsed }: { collapsed: boolean; setCollapsed: (collapsed: boolean) => void }) {
  const styles = useStyles();
  const { pathname } = useLocation();
  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.navList}>
        {AREAS.map(({ path, label, icon: Icon, also, screen }) => {
          const link = (
            <NavLink
              to={path}
              aria-label={collapsed ? label : undefined}
              className={({ isActive }) =>
                mergeClasses(styles.navLink, collapsed && styles.navLinkCollapsed, (isActive || ownsPath(path, also, pathname)) && styles.navLinkActive)
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
  );
}
