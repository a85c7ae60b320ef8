import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
    flexShrink: 0,
  },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  // The shell focuses the heading when the screen opens (a place to go on from, not a control): no ring.
  heading: { margin: 0, ':focus': { outline: 'none' } },
  subtitle: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexShrink: 0 },
});

/** The title line of a screen (an h1), with an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.titles}>
        <Text as="h1" size={600} weight="semibold" className={styles.heading}>
          {title}
        </Text>
        {subtitle ? (
          <Text size={300} className={styles.subtitle}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
