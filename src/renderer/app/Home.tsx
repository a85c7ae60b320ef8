import { Link } from 'react-router-dom';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageHeader } from '../components/PageHeader';
import { AREAS } from './areas';
import { useSession } from '../lib/session-store';

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground2, marginTop: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
  card: {
    textDecoration: 'none',
    color: 'inherit',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  cardTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  status: { color: tokens.colorNeutralForeground3 },
});

/** /: spec 2 puts the course list here; that area is not built, so the home says so and links on. */
export function Home() {
  const styles = useStyles();
  const user = useSession((s) => s.user);
  return (
    <>
      <PageHeader title={user ? `Welcome, ${user.name}` : 'Welcome'} subtitle="Content Console" />
      <Text as="p" className={styles.note}>
        The Courses screen is not built yet.
      </Text>
      <div className={styles.grid}>
        {AREAS.map(({ path, label, icon: Icon, screen }) => (
          <Link key={path} to={path} className={styles.card}>
            <Card appearance="filled-alternative" size="small">
              <Text weight="semibold" className={styles.cardTitle}>
                <Icon className={styles.icon} aria-hidden />
                {label}
              </Text>
              <Text size={200} className={styles.status}>
                {screen ? 'Open' : 'Not built yet'}
              </Text>
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
