import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ProgressBar,
  Select,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, DismissRegular, EditRegular } from '@fluentui/react-icons';
import { useFocusReturn } from '../components/useFocusReturn';
import { ContentDialog } from '../components/ContentDialog';
import type { SelectionInfo } from '../components/DataTable/useTableSelection';
import type { BatchJob } from './useBatchRun';

/** A field a screen changes on many records at once: its label and the values it may take. */
export interface BulkField {
  name: string;
  label: string;
  options: readonly (string | { value: string | number; label: string })[];
}

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '4px',
    padding: '4px 8px',
    marginBottom: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  count: { fontWeight: tokens.fontWeightSemibold, marginRight: '8px' },
  failures: { margin: '8px 0 0', paddingLeft: '20px', maxHeight: '200px', overflowY: 'auto' },
  reason: { color: tokens.colorPaletteRedForeground1 },
  note: { flexBasis: '100%', color: tokens.colorNeutralForeground2 },
});

/** "3 files" / "1 file". */
export const countOf = (n: number, names: readonly [string, string]) => `${n.toLocaleString('en-IN')} ${n === 1 ? names[0] : names[1]}`;

/** The bar over a table while rows are selected: how many, and what the screen can do to them. */
export function SelectionBar({ info, fields, onField, onDelete, note, actionsDisabled = false }: {
  info: SelectionInfo<unknown>;
  fields: readonly BulkField[];
  onField?: (field: BulkField) => void;
  onDelete?: () => void;
  /** Why some ticked records are left out of the actions (one's own account). */
  note?: string;
  /** Nothing the actions can take is selected. */
  actionsDisabled?: boolean;
}) {
  const styles = useStyles();
  return (
    // A plain toolbar (like the table's own): Tab reaches each button; Fluent's adds focus guards axe refuses here.
    <div role="toolbar" aria-label="Selected rows" className={styles.bar}>
      <Text className={styles.count} aria-live="polite">
        {info.count.toLocaleString('en-IN')} selected
      </Text>
      {info.canSelectAll ? <Button appearance="transparent" onClick={info.selectAll}>{`Select all ${info.matching.toLocaleString('en-IN')} matching`}</Button> : null}
      {fields.length > 0 && onField ? (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<EditRegular />} disabled={actionsDisabled}>
              Change
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {fields.map((f) => (
                <MenuItem key={f.name} onClick={() => onField(f)}>
                  {f.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ) : null}
      {onDelete ? (
        <Button icon={<DeleteRegular />} onClick={onDelete} disabled={actionsDisabled}>
          Delete
        </Button>
      ) : null}
      <Button icon={<ArrowDownloadRegular />} onClick={() => void info.exportSelected()}>
        Export selection as CSV
      </Button>
      <Button appearance="subtle" icon={<DismissRegular />} onClick={info.clear}>
        Clear selection
      </Button>
      {/* The count of the matching rows when not all are selected: what "all matching" would take. */}
      {note ? (
        <Text size={200} className={styles.note}>
          {note}
        </Text>
      ) : null}
    </div>
  );
}

const valueOf = (o: BulkField['options'][number]) => (typeof o === 'string' ? o : String(o.value));
const labelOf = (o: BulkField['options'][number]) => (typeof o === 'string' ? o : o.label);

/** 'Change Status of 3 files': one value for all of them. */
export function BulkFieldDialog({ field, count, names, onApply, onCancel }: { field: BulkField; count: number; names: readonly [string, string]; onApply: (value: string | number) => void; onCancel: () => void }) {
  const [chosen, setChosen] = useState('');
  const option = field.options.find((o) => valueOf(o) === chosen);
  return (
    <ContentDialog
      title={`Change ${field.label} of ${countOf(count, names)}`}
      action={{ label: 'Apply', disabled: !option, onClick: () => { if (option) onApply(typeof option === 'string' ? option : option.value); } }}
      onClose={onCancel}
    >
      <Field label={`New ${field.label.toLowerCase()}`}>
        <Select value={chosen} onChange={(_e, data) => setChosen(data.value)}>
          <option value="" disabled>
            {`Select ${field.label.toLowerCase()}`}
          </option>
          {field.options.map((o) => (
            <option key={valueOf(o)} value={valueOf(o)}>
              {labelOf(o)}
            </option>
          ))}
        </Select>
      </Field>
    </ContentDialog>
  );
}

/** The title of a bulk action once it has ended: 'Changing Status of 3 files' becomes 'Changed Status of 3 files'. */
export function finishedTitle(title: string, cancelled: boolean): string {
  const done = title
    .replace(/^Changing /, 'Changed ').replace(/^Deleting /, 'Deleted ').replace(/^Creating /, 'Created ').replace(/…$/, '');
  return cancelled ? `${title.replace(/…$/, '')}: stopped` : done;
}

/**
 * A bulk action's progress, then its summary: done, failed (each with the server's reason) and Retry
 * failed. `actions` adds buttons beside Retry failed (the summary's batch id is `job.batch`).
 */
export function BatchDialog({ job, names, onRetry, onCancel, onClose, actions }: { job: BatchJob; names: readonly [string, string]; onRetry: () => void; onCancel: () => void; onClose: () => void; actions?: ReactNode }) {
  const styles = useStyles();
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(true, surface);
  const summary = job.summary;
  const finished = (summary?.done ?? 0) + (summary?.failed.length ?? 0);
  // Once the work ends the focus goes to Close, never to Undo (Enter right after Apply must not undo it).
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!job.running) close.current?.focus();
  }, [job.running]);
  return (
    <Dialog open modalType={job.running ? 'alert' : 'modal'} onOpenChange={(_e, data) => (!data.open && !job.running ? onClose() : undefined)}>
      <DialogSurface ref={surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{job.running ? job.title : finishedTitle(job.title, !!summary?.cancelled)}</DialogTitle>
          <DialogContent>
            {job.running ? (
              <Field validationMessage={`${(job.done + job.failed).toLocaleString('en-IN')} of ${countOf(job.total, names)}`} validationState="none">
                <ProgressBar value={job.total > 0 ? (job.done + job.failed) / job.total : undefined} aria-label={`${job.title}: progress`} />
              </Field>
            ) : job.error ? (
              <Text className={styles.reason}>{job.error}</Text>
            ) : summary ? (
              <>
                <Text as="p" role="status">
                  {`${summary.done.toLocaleString('en-IN')} done, ${summary.failed.length.toLocaleString('en-IN')} failed${summary.cancelled ? ' (cancelled)' : ''}.`}
                  {finished === 0 ? ' Nothing was selected.' : ''}
                </Text>
                {summary.failed.length > 0 ? (
                  <ul className={styles.failures} aria-label="Failed">
                    {summary.failed.map((f) => (
                      <li key={f.key}>
                        {f.label}: <span className={styles.reason}>{f.message}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {job.running ? (
              <Button onClick={onCancel}>Cancel</Button>
            ) : (
              <>
                {actions}
                {/* Only what may go through another time: a final refusal would be refused again. */}
                {summary && summary.failed.some((f) => !f.final) ? <Button onClick={onRetry}>Retry failed</Button> : null}
                <Button ref={close} appearance="primary" onClick={onClose}>
                  Close
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
