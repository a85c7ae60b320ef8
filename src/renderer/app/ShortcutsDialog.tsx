import { makeStyles, tokens } from '@fluentui/react-components';
import { APP_COMMANDS, APP_COMMAND_IDS, acceleratorText } from '../../shared/shortcuts';
import { ContentDialog } from '../components/ContentDialog';
import { isMac } from './platform';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%' },
  cell: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, textAlign: 'left' },
  keys: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
});

/** The keyboard shortcuts, as the native menu shows them too. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const rows = [
    ...APP_COMMAND_IDS.map((id) => ({ action: APP_COMMANDS[id].label, keys: acceleratorText(APP_COMMANDS[id].accelerator, isMac) })),
    { action: 'Move between rows of a table', keys: 'Up, Down, Home, End, Page Up, Page Down' },
    { action: 'Open the focused row', keys: 'Enter' },
    { action: "The focused row's actions", keys: 'Shift+F10, Menu key' },
    // A table with check boxes (useTableSelection's keys).
    { action: 'Tick or untick the focused row', keys: 'Space' },
    { action: 'Tick the rows from the last ticked one to the focused one', keys: 'Shift+Space' },
    { action: 'Tick rows while moving up or down', keys: 'Shift+Up, Shift+Down' },
    { action: 'Tick every row of the table', keys: isMac ? '⌘A' : 'Ctrl+A' },
    { action: 'Untick every row (when rows are ticked)', keys: 'Escape' },
    { action: 'Close a dialog (asks first when it has changes)', keys: 'Escape' },
    { action: 'Undo the last change made since the app started (outside text fields; again for the one before)', keys: isMac ? '⌘Z' : 'Ctrl+Z' },
  ];
  return (
    <ContentDialog title="Keyboard shortcuts" width={720} readOnlyLabel="Shortcuts" onClose={onClose}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.cell}>Action</th>
            <th className={styles.cell}>Keys</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.action}>
              <td className={styles.cell}>{row.action}</td>
              <td className={`${styles.cell} ${styles.keys}`}>{row.keys}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ContentDialog>
  );
}
