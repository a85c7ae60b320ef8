import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogSurface, makeStyles } from '@fluentui/react-components';
import { useDiscardGuard } from './DiscardChanges';
import { useFocusReturn } from './useFocusReturn';
import { setUnsaved } from '../lib/unsaved';
import { EntityForm } from './entity-form/EntityForm';
import type { AnySchema, EntityDialogProps } from './entity-form/props';

// A modal form: the dialog, its unsaved-changes question and the focus's return. The form inside is
// entity-form/EntityForm (fields, checks, submit), its notices and fields beside it.

export { optionsOf, type CustomFieldContext, type FieldDescriptor, type FieldOption } from './fields/types';
export type { ConflictChoice, EntityDialogProps } from './entity-form/props';
export { missingText } from './entity-form/EntityForm';

const useStyles = makeStyles({
  // A long form scrolls inside the dialog; the title and the action buttons stay in view (1024 x 700).
  surface: { maxHeight: 'calc(100vh - 32px)', display: 'flex', flexDirection: 'column', boxSizing: 'border-box' },
});

/** A modal form: fields from descriptors, validation from a valibot schema, server errors kept in view. */
export function EntityDialog<S extends AnySchema>(props: EntityDialogProps<S>) {
  const { open, onClose } = props;
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const dirty = useRef(false);
  const form = useRef(Symbol('form'));
  // A closed or unmounted form has nothing unsaved any more.
  useEffect(() => {
    if (open) return;
    dirty.current = false;
    setUnsaved(form.current, false);
  }, [open]);
  useEffect(() => () => setUnsaved(form.current, false), []);
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open, surface);
  // Closing a changed form asks first; an unchanged one just closes.
  const { requestClose, question } = useDiscardGuard({
    open,
    busy,
    isDirty: () => dirty.current,
    onClose,
    onDiscard: () => {
      dirty.current = false;
      setUnsaved(form.current, false);
    },
  });
  return (
    <>
      <Dialog
        open={open}
        modalType="modal"
        onOpenChange={(_e, data) => {
          if (!data.open) requestClose();
        }}
      >
        <DialogSurface ref={surface} className={styles.surface} style={{ maxWidth: props.width ?? (props.columns === 2 ? 880 : 520) }}>
          {open ? (
            <EntityForm
              {...props}
              onBusy={setBusy}
              onDirty={(d) => {
                dirty.current = d;
                setUnsaved(form.current, d);
              }}
              onRequestClose={requestClose}
            />
          ) : null}
        </DialogSurface>
      </Dialog>
      {question}
    </>
  );
}
