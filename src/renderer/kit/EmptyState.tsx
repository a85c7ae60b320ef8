import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  // Spans: it sits in the table's one empty cell, inside its text.
  root: { display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
});

/** 'Add Quote' -> 'Add the first quote': the empty list's button, told apart from the toolbar's. */
export const firstAddLabel = (addLabel: string): string => (/^Add /.test(addLabel) ? `Add the first ${addLabel.slice(4).toLowerCase()}` : addLabel);

/** An empty list's text with the button that fills it ("No quotes yet." and Add the first quote). */
export function EmptyState({ text, addLabel, onAdd }: { text: string; addLabel: string; onAdd: () => void }) {
  const styles = useStyles();
  return (
    <span className={styles.root}>
      <span>{text}</span>
      <Button appearance="primary" icon={<AddRegular />} onClick={onAdd}>
        {firstAddLabel(addLabel)}
      </Button>
    </span>
  );
}
