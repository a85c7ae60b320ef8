import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ConfirmDialog } from '../ConfirmDialog';
import { FilePicker, type PickedFile } from '../FilePicker';
import type { KindProps, PickedNote } from './types';
import { IMAGE_EXTENSIONS, isImageName } from '../../../shared/file-kinds';

/** What an image field says of another file, on pick or drop (the server would refuse it only at save). */
export const IMAGE_ONLY = { test: isImageName, message: `Choose an image: a ${IMAGE_EXTENSIONS.slice(0, -1).join(', ')} or ${IMAGE_EXTENSIONS.at(-1)} file.` };

type Props = KindProps<'file'>;

const useStyles = makeStyles({
  warnings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalXS },
});

const noteOf = (note: PickedNote | string | null | void): PickedNote => (typeof note === 'string' ? { message: note } : (note ?? {}));

/**
 * A file picked in the open dialog or dropped (FilePicker: granted in main, never read here). The form
 * holds the grant as `{ grantId, name, size }` (the schema keeps `{ grantId }`). Removing a picked
 * file asks first; `onPicked` may read the file (its duration) and return a message.
 */
export function FileField({ field, id, value, onChange, onBlur, disabled, form, onMessage }: Props) {
  const styles = useStyles();
  const [note, setNote] = useState<PickedNote>({});
  // Why main could not give the pick or the drop.
  const [pickError, setPickError] = useState<string | null>(null);
  const setMessage = (m: string | null) => setNote({ message: m });
  // A refused pick empties the field and leaves it, so the field's required message would say it a second
  // time: the refusal is the field's message until the next pick, removal or the field goes.
  const message = pickError ?? note.message ?? null;
  const name = field.name;
  useEffect(() => {
    onMessage(name, message);
    return () => onMessage(name, null);
  }, [onMessage, name, message]);
  const [removing, setRemoving] = useState<PickedFile | null>(null);
  /** A picked file held as not playable (see PickedNote.hold). */
  const [held, setHeld] = useState<PickedFile | null>(null);
  const picked = value && typeof value === 'object' && 'name' in value ? (value as PickedFile) : null;
  const accept = field.accept ?? (field.pick === 'image' ? IMAGE_ONLY : undefined);
  return (
    <div>
      <FilePicker
        id={id}
        kind={field.pick}
        value={picked}
        storedName={field.stored}
        emptyText={field.emptyText}
        chooseLabel={field.chooseLabel}
        label={field.label}
        disabled={disabled}
        onBlur={onBlur}
        onError={setPickError}
        onChange={(file) => {
          if (!file && picked) return setRemoving(picked);
          if (file && accept && !accept.test(file.name)) {
            onChange(null);
            return setMessage(accept.message);
          }
          setMessage(null);
          onChange(file);
          setHeld(null);
          if (file && field.onPicked)
            void Promise.resolve(field.onPicked(file, form)).then((m) => {
              const next = noteOf(m);
              setNote(next);
              if (next.hold) {
                setHeld(file);
                onChange(null);
              }
            });
        }}
      />
      {field.below?.({
        form,
        disabled,
        onChange: (file) => {
          setMessage(null);
          onChange(file);
        },
      })}
      {held && note.hold ? (
        <MessageBar intent="error" layout="multiline" className={styles.warnings}>
          <MessageBarBody>
            <MessageBarTitle>{`${held.name}: ${note.hold.title}`}</MessageBarTitle> {note.hold.detail} It is not sent unless you choose Send anyway.
          </MessageBarBody>
          <MessageBarActions>
            <Button
              size="small"
              onClick={() => {
                onChange(held);
                setHeld(null);
                setNote({});
              }}
            >
              Send anyway
            </Button>
            <Button
              size="small"
              onClick={() => {
                setHeld(null);
                setNote({});
              }}
            >
              Remove
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {note.warnings?.length ? (
        <div className={styles.warnings}>
          {note.warnings.map((warning) => (
            <MessageBar key={warning} intent="warning" layout="multiline">
              <MessageBarBody>{warning}</MessageBarBody>
            </MessageBar>
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove the file?"
        text={removing ? `${removing.name} will not be uploaded.` : undefined}
        confirmLabel="Remove"
        cancelLabel="Keep"
        danger
        onConfirm={() => {
          setRemoving(null);
          setMessage(null);
          onChange(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
