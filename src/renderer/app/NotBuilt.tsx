import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageHeader } from '../components/PageHeader';

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground2 },
});

/** The honest placeholder of an area whose screen is not built yet. */
export function NotBuilt({ title }: { title: string }) {
  const styles = useStyles();
  return (
    <>
      <PageHeader title={title} />
      <Text as="p" className={styles.note}>
        The {title} screen is not built yet.
      </Text>
    </>
  );
}

export function NotFound() {
  const styles = useStyles();
  return (
    <>
      <PageHeader title="Page not found" />
      <Text as="p" className={styles.note}>
        There is no screen at this address. Choose an area in the sidebar.
      </Text>
    </>
  );
}
