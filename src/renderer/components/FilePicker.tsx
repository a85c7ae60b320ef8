import { useState, type DragEvent } from 'react';
import { Button, Text, makeStyles, mergeClasses, tokens, useFieldContext_unstable } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import type { GrantView, PickKind } from '../../shared/api/app';
import { formatBytes } from '../lib/format';

/** A granted file as a form value: the renderer knows its grant id, name and size only. */
export type PickedFile = Pick<GrantView, 'grantId' | 'name' | 'size'>;

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minHeight: '40px',
  },
  active: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  invalid: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorPaletteRedBorder2}` },
  text: { flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface FilePickerProps {
  id?: string;
  /** What the open dialog offers. */
  kind: PickKind;
  value: PickedFile | null | undefined;
  /** A new grant (from the dialog or a drop), or null when cleared. */
  onChange: (file: PickedFile | null) => void;
  onBlur?: () => void;
  /** Why main could not give the pick or the drop (null as another starts): the field around says it. */
  onError: (message: string | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Text of the empty zone, e.g. 'Drop a video here or choose one'. */
  emptyText?: string;
  /** A file already stored for this record (shown when nothing new is picked). */
  storedName?: string;
  chooseLabel?: string;
  /** The field's label: the button is named by what it shows and the field it fills ('Choose file… (Thumbnail)'). */
  label?: string;
}

/**
 * A file field: the native open dialog (files.pick) or a drop (window.files.grantDropped: the preload
 * turns the File into a grant). The renderer never reads the file nor sees its path; it keeps the grant.
 */
export function FilePicker({
  id,
  kind,
  value,
  onChange,
  onBlur,
  onError,
  disabled = false,
  invalid = false,
  emptyText = 'Drop a file here or choose one',
  storedName,
  chooseLabel = 'Choose file…',
  label,
}: FilePickerProps) {
  const styles = useStyles();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  // Inside a Field the button is its control: described by the field's message (a failed pick's reason
  // among them) or hint, as Fluent's own inputs are (a button does not read the Field by itself).
  const field = useFieldContext_unstable();
  const describedBy = [field?.validationMessageId, field?.hintId].filter(Boolean).join(' ') || undefined;

  const choose = async () => {
    onError(null);
    setBusy(true);
    const result = await window.api.files.pick({ kind });
    setBusy(false);
    onBlur?.();
    if (!result.ok) onError(result.error.message);
    else if (result.data) onChange({ grantId: result.data.grantId, name: result.data.name, size: result.data.size });
  };

  const drop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const file = e.dataTransfer.files[0];
    if (!file) return;
    onError(null);
    setBusy(true);
    // The File itself goes to the preload, which resolves it: the page never handles a path.
    const result = await window.files.grantDropped(file);
    setBusy(false);
    onBlur?.();
    if (!result.ok) onError(result.error.message);
    else onChange({ grantId: result.data.grantId, name: result.data.name, size: result.data.size });
  };

  return (
    <div>
      <div
        className={mergeClasses(styles.zone, over && styles.active, invalid && styles.invalid)}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => void drop(e)}
        data-testid={id ? `${id}-zone` : undefined}
      >
        <DocumentRegular fontSize={24} aria-hidden />
        <div className={styles.text}>
          {value ? (
            <>
              <Text className={styles.name} weight="semibold" title={value.name}>
                {value.name}
              </Text>
              <Text size={200} className={styles.muted}>
                {formatBytes(value.size)}
              </Text>
            </>
          ) : storedName ? (
            <>
              <Text className={styles.name} title={storedName}>
                {storedName}
              </Text>
              <Text size={200} className={styles.muted}>
                Stored file. Choose another to replace it.
              </Text>
            </>
          ) : (
            <Text size={200} className={styles.muted}>
              {emptyText}
            </Text>
          )}
        </div>
        {value ? (
          <Button
            appearance="subtle"
            size="small"
            icon={<DismissRegular />}
            aria-label={`Remove ${value.name}`}
            disabled={disabled || busy}
            onClick={() => onChange(null)}
          />
        ) : null}
        <Button id={id} icon={<ArrowUploadRegular />} disabled={disabled || busy} onClick={() => void choose()} aria-label={label ? `${chooseLabel} (${label})` : undefined} aria-describedby={describedBy}>
          {chooseLabel}
        </Button>
      </div>
    </div>
  );
}
