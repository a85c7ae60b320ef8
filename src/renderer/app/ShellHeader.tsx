import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Badge, Button, Divider, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DarkThemeRegular, KeyRegular, SignOutRegular } from '@fluentui/react-icons';
import type { ThemeChoice } from '../../shared/schemas/settings';
import { MSG } from '../../shared/messages';
import { useThemeChoice } from '../lib/preferences';
import { useSession } from '../lib/session-store';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useNotify } from '../components/toast';
import { queryClient } from './query';
import { BackgroundWorkButton } from './work/BackgroundWork';

export const THEME_TEXT: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const useStyles = makeStyles({
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
});

/** The shell's header: who is signed in, background work, the theme, Change password, and Logout (asked first; the palette asks it too). */
export function ShellHeader({ confirming, setConfirming }: { confirming: boolean; setConfirming: (open: boolean) => void }) {
  const styles = useStyles();
  const user = useSession((s) => s.user);
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { choice, setChoice } = useThemeChoice();
  const [leaving, setLeaving] = useState(false);
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
    // The next sign-in comes back to the screen left, as after a session that ended (AppEvents).
    navigate('/login', { replace: true, state: { from: `${location.pathname}${location.search}` } });
    notify.success(MSG.logoutSuccessful);
  };

  return (
    <>
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
        <BackgroundWorkButton />
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
    </>
  );
}
