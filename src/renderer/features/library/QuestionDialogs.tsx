import { useId, useMemo, useState } from 'react';
import { Badge, Checkbox, Input, Label, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { LibraryFile } from '../../../shared/schemas/library';
import { useQuery } from '@tanstack/react-query';
import { callQuery, useCallMutation } from '../../lib/calls';
import { ContentDialog } from '../../components/ContentDialog';
import { NotSavedNotice } from '../../components/entity-form/FormNotices';
import { useQuestions } from './queries';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: '52vh',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalS,
    // Room for the numbers (up to '999.'): they sit in this padding, and the scrolling list clips them.
    paddingInlineStart: '3em',
    margin: 0,
  },
  item: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  muted: { color: tokens.colorNeutralForeground3 },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  error: { color: tokens.colorPaletteRedForeground1 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  search: { flex: '1 1 240px' },
});

/** At most this many questions are listed at once (the rest are found by a search). */
const SHOWN_MAX = 200;
const ALL_LANGUAGES = '';

/**
 * The file as it is on the server now, read when a dialog opens (the row clicked may predate a save made a
 * moment ago, here or by a colleague): `null` until read; the row as clicked when the read fails.
 */
function useFileNow(file: LibraryFile | null): LibraryFile | null {
  // When this file was opened: a read from before it (the cache of an earlier open) is not "now". A later
  // read (a refetch while the dialog is open) updates it without taking the dialog back to loading, which
  // would throw away the questions ticked so far.
  const [opened, setOpened] = useState<{ file: LibraryFile | null; at: number }>({ file, at: Date.now() });
  if (opened.file !== file) setOpened({ file, at: Date.now() });
  const read = useQuery({ ...callQuery('library.mediaList', { language: file?.language }), enabled: file !== null, staleTime: 0, refetchOnMount: 'always' });
  if (!file) return null;
  if (read.data && read.dataUpdatedAt >= opened.at) return read.data.find((f) => f._id === file._id) ?? file;
  if (read.isError && read.errorUpdatedAt >= opened.at) return file;
  return null;
}

/** The questions tagged on a file (the Questions column), as the server has them when it opens. */
export function TaggedQuestionsDialog({ file, onClose }: { file: LibraryFile | null; onClose: () => void }) {
  const styles = useStyles();
  const questions = useQuestions();
  const now = useFileNow(file);
  const tagged = useMemo(() => {
    const byId = new Map((questions.data ?? []).map((q) => [q._id, q]));
    return (now?.questionBank ?? []).map((id) => ({ id, question: byId.get(id) }));
  }, [questions.data, now]);
  return (
    <ContentDialog open={file !== null} title={file ? `Questions of ${file.title}` : 'Questions'} width={640} onClose={onClose}>
      {questions.isPending || !now ? (
        <Spinner size="small" label="Loading questions…" />
      ) : tagged.length === 0 ? (
        <Text className={styles.muted}>No questions are tagged on this file.</Text>
      ) : (
        <ol className={styles.list} aria-label="Tagged questions">
          {tagged.map(({ id, question }) => (
            <li key={id}>
              {question ? (
                <span className={styles.item}>
                  <Text>{question.question}</Text>
                  <Badge appearance="tint" color="subtle" size="small">
                    {question.language}
                  </Badge>
                </span>
              ) : (
                <Text className={styles.muted}>A question that no longer exists ({id})</Text>
              )}
            </li>
          ))}
        </ol>
      )}
    </ContentDialog>
  );
}

/**
 * Add Questions: choose the questions tagged on a file ('Please select a Question!' when none), starting
 * from the ones the server has now (a save replaces the whole list: starting from an old one would drop a
 * tag saved since).
 */
export function QuestionSelectorDialog({ file, onClose }: { file: LibraryFile | null; onClose: () => void }) {
  const now = useFileNow(file);
  if (!file) return null;
  if (!now) {
    return (
      <ContentDialog title={`Add Questions to ${file.title}`} width={680} onClose={onClose}>
        <Spinner size="small" label="Loading the file's questions…" />
      </ContentDialog>
    );
  }
  return <Selector key={file._id} file={now} onClose={onClose} />;
}

function Selector({ file, onClose }: { file: LibraryFile; onClose: () => void }) {
  const styles = useStyles();
  const setQuestions = useCallMutation('library.setQuestions', { fallback: MSG.somethingWentWrong, invalidates: ['library'] });
  const questions = useQuestions();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(file.questionBank));
  const [search, setSearch] = useState('');
  // The video's own language first: a question in another language is rarely what a learner of it needs.
  const [language, setLanguage] = useState<string>(file.language);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // Each check box its own id (its label's `for`): a Fluent Field around them gave all of them the Field's one.
  const base = useId();
  const { shown, matching } = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = (questions.data ?? []).filter((q) => language === ALL_LANGUAGES || q.language === language);
    const list = needle ? all.filter((q) => `${q.id} ${q.question} ${q.language}`.toLowerCase().includes(needle)) : all;
    return { shown: list.slice(0, SHOWN_MAX), matching: list.length };
  }, [questions.data, search, language]);
  // Ticked or unticked anything: closing asks first.
  const dirty = selected.size !== file.questionBank.length || file.questionBank.some((id) => !selected.has(id));

  const toggle = (id: string, on: boolean) => {
    setError(null);
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const save = async () => {
    setRefused(null);
    if (selected.size === 0) {
      setError(MSG.selectQuestion);
      return;
    }
    // A refused save: the error toast, and the dialog keeps it apart from the selection's own message.
    const result = await setQuestions.run({ id: file._id, questionBank: [...selected] });
    if (result.ok) return onClose();
    setRefused(result.error.message);
  };

  return (
    <ContentDialog
      title={`Add Questions to ${file.title}`}
      width={680}
      busy={setQuestions.busy}
      action={{ label: 'Save', onClick: save }}
      contentClassName={styles.body}
      dirty={dirty}
      onClose={onClose}
    >
      <NotSavedNotice message={refused} />
      <div className={styles.filters}>
        <Input
          className={styles.search}
          contentBefore={<SearchRegular />}
          placeholder="Search questions"
          aria-label="Search questions"
          value={search}
          onChange={(_e, d) => setSearch(d.value)}
        />
        <Select aria-label="Language of the questions" value={language} onChange={(_e, d) => setLanguage(d.value)}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l === file.language ? `${l} (the video's language)` : l}
            </option>
          ))}
          <option value={ALL_LANGUAGES}>All languages</option>
        </Select>
      </div>
      <div className={styles.field}>
        <Label id={`${base}-label`}>{`Questions (${selected.size} selected)`}</Label>
        {questions.isPending ? (
          <Spinner size="small" label="Loading questions…" />
        ) : (
          <div className={styles.list} role="group" aria-labelledby={`${base}-label`} aria-describedby={error ? `${base}-error` : undefined}>
            {shown.length === 0 ? <Text className={styles.muted}>{language === ALL_LANGUAGES ? 'No question matches.' : `No question in ${language} matches.`}</Text> : null}
            {shown.map((q) => (
              <Checkbox
                key={q._id}
                id={`${base}-${q._id}`}
                checked={selected.has(q._id)}
                onChange={(_e, d) => toggle(q._id, d.checked === true)}
                label={`${q.id}. ${q.question} (${q.language})`}
              />
            ))}
          </div>
        )}
        {error ? (
          <Text id={`${base}-error`} size={200} role="alert" className={styles.error}>
            {error}
          </Text>
        ) : null}
      </div>
      {matching > shown.length ? (
        <Text role="status" className={styles.muted}>
          {`Showing the first ${shown.length.toLocaleString('en-IN')} of ${matching.toLocaleString('en-IN')} questions: search to find the others.`}
        </Text>
      ) : null}
    </ContentDialog>
  );
}
