import { useMemo, useState } from 'react';
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { CueDraft } from '../../../shared/captions';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { APP_TEXT, MSG } from '../../../shared/messages';
import { CAPTION_TIMESTAMP_PATTERN } from '../../../shared/schemas/transcripts';
import { useCallMutation } from '../../lib/calls';
import { plural } from '../../lib/format';
import { ContentDialog } from '../../components/ContentDialog';
import { NotSavedNotice } from '../../components/entity-form/FormNotices';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  top: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-end', flexWrap: 'wrap' },
  scroll: {
    maxHeight: '48vh',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  th: {
    position: 'sticky',
    top: 0,
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    zIndex: 1,
  },
  td: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'top' },
  bad: { backgroundColor: tokens.colorStatusDangerBackground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Row extends CueDraft {
  /** Edited by the user: the parse error is replaced by the field checks. */
  edited?: boolean;
}

/** The message of a row as it stands now (parse error until edited, then the field rules). */
function problemOf(row: Row): string | undefined {
  if (!row.edited) return row.error;
  if (!CAPTION_TIMESTAMP_PATTERN.test(row.timeStamp.trim())) return APP_TEXT.enterCaptionTimestamp;
  if (!row.captionText.trim()) return APP_TEXT.enterCaption;
  return undefined;
}

export interface ImportSource {
  name: string;
  cues: CueDraft[];
}

/** The cues to import: a cue with a problem is marked and can be edited (its message follows the edit); any can be removed. */
function CueTable({ rows, onEdit, onRemove }: { rows: readonly Row[]; onEdit: (index: number, patch: Partial<Row>) => void; onRemove: (index: number) => void }) {
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-label="Cues">
        <thead>
          <tr>
            <th className={styles.th} style={{ width: 48 }}>
              #
            </th>
            <th className={styles.th} style={{ width: 128 }}>
              Timestamp
            </th>
            <th className={styles.th}>Caption</th>
            <th className={styles.th} style={{ width: 44 }}>
              <span className={styles.muted}>Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const problem = problemOf(row);
            const editable = !!row.error || row.edited;
            return (
              <tr key={row.index} className={problem ? styles.bad : undefined} data-cue={row.index}>
                <td className={styles.td}>{row.index}</td>
                <td className={styles.td}>
                  {editable ? (
                    <Input
                      size="small"
                      aria-label={`Timestamp of cue ${row.index}`}
                      value={row.timeStamp}
                      placeholder="HH:mm:ss"
                      onChange={(_e, d) => onEdit(row.index, { timeStamp: d.value })}
                    />
                  ) : (
                    row.timeStamp
                  )}
                </td>
                <td className={styles.td}>
                  {editable ? (
                    <Input
                      size="small"
                      style={{ width: '100%' }}
                      aria-label={`Caption of cue ${row.index}`}
                      value={row.captionText}
                      onChange={(_e, d) => onEdit(row.index, { captionText: d.value })}
                    />
                  ) : (
                    row.captionText
                  )}
                  {problem ? (
                    <Text block size={200} className={styles.error} role="note">
                      {problem}
                    </Text>
                  ) : null}
                </td>
                <td className={styles.td}>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Remove cue ${row.index}`}
                    onClick={() => onRemove(row.index)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The preview of a caption import: every cue with its problem, editable or removable; nothing is sent
 * until all remaining cues are valid and a language is chosen (then one bulk call, all or nothing).
 */
export function ImportDialog({
  source,
  videoId,
  defaultLanguage,
  onClose,
  onSaved,
}: {
  source: ImportSource;
  videoId: string;
  defaultLanguage: Language | '';
  onClose: () => void;
  onSaved: (language: Language) => void;
}) {
  const styles = useStyles();
  const bulk = useCallMutation('videoRepository.bulkTranscripts', { fallback: MSG.somethingWentWrong, invalidates: ['videoRepository.transcripts'] });
  const [rows, setRows] = useState<Row[]>(source.cues);
  const [language, setLanguage] = useState<Language | ''>(defaultLanguage);
  const [replace, setReplace] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [languageError, setLanguageError] = useState<string | null>(null);
  const problems = useMemo(() => rows.filter((r) => problemOf(r)).length, [rows]);

  const edit = (index: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.index === index ? { ...r, ...patch, edited: true } : r)));

  const save = async () => {
    setMessage(null);
    setRefused(null);
    if (!language) {
      setLanguageError(MSG.selectTranscriptLanguage);
      return;
    }
    if (rows.length === 0) {
      setMessage('There are no cues to import.');
      return;
    }
    if (problems > 0) {
      setMessage(`Fix or remove the ${problems === 1 ? 'cue' : `${problems} cues`} with errors first. Nothing has been saved.`);
      return;
    }
    const result = await bulk.run({
      videoId,
      language,
      replace,
      entries: rows.map((r) => ({ timeStamp: r.timeStamp.trim(), captionText: r.captionText.trim() })),
    });
    // A refused import: the error toast, and the dialog keeps it apart from the cues' own problems.
    if (!result.ok) return setRefused(result.error.message);
    onSaved(language);
    onClose();
  };

  return (
    <ContentDialog
      title={`Import ${source.name}`}
      width={860}
      busy={bulk.busy}
      action={{ label: `Import ${plural(rows.length, 'cue')}`, onClick: save }}
      contentClassName={styles.body}
      onClose={onClose}
    >
      <div className={styles.top}>
        <Field
          label="Language"
          required
          validationState={languageError ? 'error' : 'none'}
          validationMessage={languageError ?? undefined}
        >
          <Select
            value={language}
            onChange={(_e, d) => {
              setLanguage(d.value as Language | '');
              setLanguageError(null);
            }}
          >
            <option value="">Select Language</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Select>
        </Field>
        <Checkbox
          checked={replace}
          onChange={(_e, d) => setReplace(d.checked === true)}
          label="Replace this language's existing lines"
        />
        <Text className={styles.muted}>
          {plural(rows.length, 'cue')}{problems > 0 ? `, ${problems} with errors` : ''}
        </Text>
      </div>
      <NotSavedNotice message={refused} />
      {message ? (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      ) : null}
      <CueTable rows={rows} onEdit={edit} onRemove={(index) => setRows((all) => all.filter((r) => r.index !== index))} />
    </ContentDialog>
  );
}
