import { Button, DialogActions, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  missing: { color: tokens.colorNeutralForeground3, alignSelf: 'center', maxWidth: '360px' },
});

/**
 * An EntityDialog's actions: Cancel (Close when read only; the running save's cancel while busy) and the
 * submit, which, while it waits for the form, stays reachable by Tab and says what is still missing.
 */
export function FormActions({ readOnly, busy, ready, blocked, waiting, missing, missingId, cancelLabel, submitLabel, busyLabel, onCancel, cancelDisabled }: {
  readOnly: boolean;
  busy: boolean;
  /** Whether the form is ready (undefined: it does not say): a submit not ready looks inactive. */
  ready: boolean | undefined;
  /** The submit is refused until the form allows it (`canSubmit`). */
  blocked: boolean;
  /** The submit waits for the form (blocked, or not ready). */
  waiting: boolean;
  /** What the form still lacks. */
  missing: string;
  missingId: string;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  cancelDisabled: boolean;
}) {
  const styles = useStyles();
  return (
    <>
      {!readOnly && !busy && waiting ? (
        <DialogActions position="start">
          <Text id={missingId} size={200} className={styles.missing}>
            {missing}
          </Text>
        </DialogActions>
      ) : null}
      <DialogActions>
        <Button appearance="secondary" onClick={onCancel} disabled={cancelDisabled}>
          {readOnly ? 'Close' : cancelLabel}
        </Button>
        {readOnly ? null : <Button
          appearance={ready !== false ? 'primary' : 'outline'}
          data-ready={ready === undefined ? undefined : String(ready)}
          type="submit"
          disabled={busy}
          // Waiting for the form: still reachable by Tab, and it says what is missing.
          disabledFocusable={!busy && blocked}
          aria-describedby={!busy && waiting ? missingId : undefined}
          icon={busy ? <Spinner size="tiny" /> : undefined}
        >
          {busy ? busyLabel : submitLabel}
        </Button>}
      </DialogActions>
    </>
  );
}
