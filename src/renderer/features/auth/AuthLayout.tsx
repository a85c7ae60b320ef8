import type { ReactNode } from 'react';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Logo } from '../../components/Logo';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  card: { width: '400px', maxWidth: '100%', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  below: { width: '400px', maxWidth: '100%' },
});

/** The centred card of the signed-out screens (login, forgot and reset password). */
export function AuthLayout({
  title,
  subtitle,
  children,
  below,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  below?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <Logo size={36} />
      <Card className={styles.card}>
        <div className={styles.heading}>
          <Text as="h1" size={600} weight="semibold" style={{ margin: 0 }}>
            {title}
          </Text>
          {subtitle ? <Text className={styles.subtitle}>{subtitle}</Text> : null}
        </div>
        {children}
      </Card>
      {below ? <div className={styles.below}>{below}</div> : null}
    </main>
  );
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  full: { width: '100%' },
});
