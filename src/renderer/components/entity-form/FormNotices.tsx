import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ConflictChoice } from './props';

// The notices over a form's fields: the invalid-form notice, read-only, an edit conflict with its
// choices, and a refused save ('Not saved').

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  conflict: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorStatusWarningBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusWarningBackground1,
  },
  conflictActions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** A notice the width of the form. */
function Notice({ intent, title, children }: { intent: 'error' | 'warning'; title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <MessageBar intent={intent} role={intent === 'error' ? 'alert' : undefined} layout="multiline" className={styles.wide}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {children}
      </MessageBarBody>
    </MessageBar>
  );
}

/** An edit conflict: who changed what, Reload (keeping what was typed where theirs left a field alone) and Save anyway. */
function ConflictNotice({ conflict, busy, form, submit }: { conflict: ConflictChoice; busy: boolean; form: UseFormReturn<FieldValues, unknown, FieldValues>; submit: () => void }) {
  const styles = useStyles();
  // It sits over the fields: a long form scrolled down to its Save brings it into view.
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section ref={box} className={mergeClasses(styles.wide, styles.conflict)} aria-label="Not saved">
      {conflict.details}
      <div className={styles.conflictActions}>
        {conflict.reload ? (
          <Button
            disabled={busy}
            onClick={() => {
              const typed = form.getValues();
              const { values: now, keep } = conflict.reload!(typed);
              form.reset(now);
              for (const name of keep) form.setValue(name, typed[name], { shouldDirty: true });
            }}
          >
            Reload
          </Button>
        ) : null}
        {conflict.saveAnyway ? (
          <Button
            disabled={busy}
            onClick={() => {
              conflict.saveAnyway!();
              submit();
            }}
          >
            Save anyway
          </Button>
        ) : null}
      </div>
    </section>
  );
}

export function FormNotices({ invalidNotice, readOnly, conflict, serverError, busy, form, submit }: {
  /** Shown after a submit found invalid fields. */
  invalidNotice: { title: string; text: string } | null | undefined;
  readOnly: ReactNode;
  conflict: ConflictChoice | null | undefined;
  serverError: string | null;
  busy: boolean;
  form: UseFormReturn<FieldValues, unknown, FieldValues>;
  submit: () => void;
}) {
  return (
    <>
      {invalidNotice ? (
        <Notice intent="error" title={invalidNotice.title}>
          {invalidNotice.text}
        </Notice>
      ) : null}
      {readOnly ? (
        <Notice intent="warning" title="Read-only">
          {readOnly}
        </Notice>
      ) : null}
      {conflict ? <ConflictNotice conflict={conflict} busy={busy} form={form} submit={submit} /> : null}
      <NotSavedNotice message={serverError} />
    </>
  );
}

/**
 * A save the server refused, kept in its dialog beside what was chosen or typed (the error toast says it
 * too: both specs show a server's message as an error toast).
 */
export function NotSavedNotice({ message }: { message: string | null | undefined }) {
  return message ? (
    <Notice intent="error" title="Not saved">
      {message}
    </Notice>
  ) : null;
}
