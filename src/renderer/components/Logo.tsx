import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  mark: { flexShrink: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, color: tokens.colorNeutralForeground1, whiteSpace: 'nowrap' },
});

/** The product mark: a console window with a play triangle, in the brand colour. */
export function Logo({ size = 28, withName = true }: { size?: number; withName?: boolean }) {
  const styles = useStyles();
  return (
    <span className={styles.root}>
      <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="4" width="28" height="22" rx="5" fill={tokens.colorBrandBackground} />
        <rect x="2" y="4" width="28" height="6" rx="3" fill={tokens.colorBrandBackgroundPressed} />
        <circle cx="7" cy="7" r="1.2" fill="#fff" opacity="0.8" />
        <circle cx="11" cy="7" r="1.2" fill="#fff" opacity="0.6" />
        <path d="M13 13.5v8.5l7-4.25z" fill="#fff" />
        <rect x="9" y="27.5" width="14" height="2" rx="1" fill={tokens.colorBrandBackground} opacity="0.6" />
      </svg>
      {withName ? <span className={styles.name}>Content Console</span> : null}
    </span>
  );
}
