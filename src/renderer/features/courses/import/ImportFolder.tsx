import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FolderArrowUpRegular } from '@fluentui/react-icons';
import type { Language } from '../../../../shared/constants';
import { COURSE_TEXT } from '../../../../shared/course-messages';
import { bulkIssues, defaultMeta } from '../../../../shared/schemas/bulk';
import type { MediaVerdict } from '../../../../shared/schemas/media';
import { IMPORT_TEXT, importTitleProblem, type ImportDefaults, type ImportPreview, type ImportStatus, type ImportTarget } from '../../../../shared/schemas/course-import';
import { ContentDialog } from '../../../components/ContentDialog';
import { DropZone } from '../../../components/DropZone';
import { Tooltip } from '../../../components/Tooltip';
import { useNotify } from '../../../components/toast';
import { callQuery, invoke, targetKey } from '../../../lib/calls';
import { plural } from '../../../lib/format';
import { useCourseLanguage } from '../../../lib/preferences';
import { ImportProgress, ended } from './ImportProgress';
import { CourseFields, DefaultFields } from './ImportFields';
import { ImportTree } from './ImportTree';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entries: { maxHeight: '40vh', overflowY: 'auto', margin: 0, paddingLeft: tokens.spacingHorizontalL },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

export const IMPORT_BUTTON = 'Import folder…';
const NO_VERDICTS: Readonly<Record<string, MediaVerdict>> = {};


/** Imports whose end this page has seen (the course screens' lists were fetched again then). */
const seenDone = new Set<string>();

/**
 * Follows the running import (main carries on with it after its dialog is closed, and after a restart):
 * when it ends, the course screens' lists are fetched again.
 */
function useImportEnd(): ImportStatus | null {
  const client = useQueryClient();
  const status = useQuery({
    ...callQuery('courseImport.status', {}),
    refetchInterval: (query) => (query.state.data && !ended(query.state.data) ? 2000 : false),
  }).data;
  useEffect(() => {
    if (!status || !ended(status) || seenDone.has(status.importId)) return;
    seenDone.add(status.importId);
    void client.invalidateQueries({ queryKey: targetKey('videoRepository') });
  }, [status, client]);
  return status ?? null;
}

/** The open preview of a chosen or dropped folder, and its dialog (the import and its summary). */
function useImportPreview(target: ImportTarget) {
  const status = useImportEnd();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  // The running import, shown again after its dialog was closed (or after a restart).
  const [showing, setShowing] = useState<ImportStatus | null>(null);
  const dialog = preview ? (
    <ImportDialog key={preview.importId} preview={preview} target={target} onClose={() => setPreview(null)} />
  ) : showing ? (
    <ImportProgress first={showing} onClose={() => setShowing(null)} />
  ) : null;
  const running = status && !ended(status) ? status : null;
  return { open: setPreview, dialog, running, show: setShowing };
}

/** The Import folder… button: the folder dialog in main, then the preview, then the import and its summary. */
export function ImportFolderButton({ target, disabled = false }: { target: ImportTarget; disabled?: string | false }) {
  const notify = useNotify();
  const { open, dialog, running, show } = useImportPreview(target);
  const [busy, setBusy] = useState(false);
  const choose = async () => {
    setBusy(true);
    try {
      const answer = await invoke('courseImport.pick', { target });
      if (!answer.ok) notify.error(answer.error.message);
      else if (answer.data) open(answer.data);
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button icon={<FolderArrowUpRegular />} disabled={!!disabled || busy} onClick={() => void choose()}>
      {IMPORT_BUTTON}
    </Button>
  );
  return (
    <>
      {disabled ? (
        <Tooltip content={disabled} relationship="description">
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {running ? <Button onClick={() => show(running)}>{running.problem ? 'Import waiting: show' : 'Import running: show'}</Button> : null}
      {dialog}
    </>
  );
}

/**
 * A screen a folder can be dropped on: the same preview as its Import folder… button, into the same
 * target; refused with the button's reason where the button is disabled.
 */
export function ImportDropZone({ target, disabled = false, children }: { target: ImportTarget; disabled?: string | false; children: ReactNode }) {
  const notify = useNotify();
  const { open, dialog } = useImportPreview(target);
  const dropped = async (files: File[]) => {
    if (disabled) return notify.error(IMPORT_TEXT.dropRefused(disabled));
    const answer = await window.files.importDropped(files, target);
    if (!answer.ok) notify.error(answer.error.message);
    else open(answer.data);
  };
  return (
    <DropZone onFiles={(files) => void dropped(files)}>
      {children}
      {dialog}
    </DropZone>
  );
}

/** A required multi-select of the import's defaults (business ideas, keyword groups). */
function ImportDialog({ preview, target, onClose }: { preview: ImportPreview; target: ImportTarget; onClose: () => void }) {
  const styles = useStyles();
  const client = useQueryClient();
  const { language: listLanguage } = useCourseLanguage();
  const [titles, setTitles] = useState<Record<string, string>>({});
  const root = preview.nodes[0];
  const [course, setCourse] = useState({ name: root?.title ?? preview.folderName, language: (listLanguage ?? 'English') as Language });
  const [thumbnail, setThumbnail] = useState(preview.thumbnail);
  const [defaults, setDefaults] = useState<ImportDefaults>({
    description: '', type: '', businessIdeas: [], keywords: [], category: [], level: 1, visibility: 'Public', freeToWatch: false,
  });
  const [started, setStarted] = useState<ImportStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The thumbnail's own problem (a file that is not a png, jpg or jpeg), shown beside its field only.
  const [thumbError, setThumbError] = useState<string | null>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);
  // Anything typed or chosen: closing asks first.
  const dirty = Object.keys(titles).length > 0 || thumbnail?.grantId !== preview.thumbnail?.grantId || course.name !== (root?.title ?? preview.folderName) ||
    defaults.description !== '' || defaults.type !== '' || defaults.businessIdeas.length > 0 || defaults.keywords.length > 0 || defaults.freeToWatch;
  // The fields' messages show once Import was tried, not while the dialog opens.
  const [tried, setTried] = useState(false);
  const onTitle = useCallback((id: string, title: string) => setTitles((t) => ({ ...t, [id]: title })), []);
  // What the media library makes of each video, read by main after the preview opened (seconds for a large folder).
  const judged = useQuery({
    ...callQuery('courseImport.verdicts', { importId: preview.importId }),
    refetchInterval: (query) => (query.state.data && query.state.data.read >= query.state.data.total ? false : 500),
  }).data;
  const verdicts = judged?.verdicts ?? NO_VERDICTS;
  const unplayable = preview.nodes.filter((n) => !n.skipped && verdicts[n.id]?.kind === 'unplayable').length;

  const included = preview.nodes.filter((n) => !n.skipped);
  const videos = included.filter((n) => n.kind === 'video').length;
  const folders = included.filter((n) => n.kind === 'folder' && n.level !== 'course').length;
  const problems = preview.nodes.filter((n) => n.problems.length > 0).length;
  const language = target.kind === 'course' ? course.language : (preview.language ?? 'English');
  // The Add File form's own rules for what every queued video gets.
  const fieldIssues = useMemo(() => {
    const { freeToWatch: _free, ...fields } = defaults;
    return bulkIssues({ ...defaultMeta('x.mp4'), ...fields, language }, { fileType: 'video', duration: 1 });
  }, [defaults, language]);
  const badTitles = included.filter((n) => n.level !== 'course' && importTitleProblem(titles[n.id] ?? n.title)).length;
  // What keeps Import back: a field's own problem shows beside it; the rest (titles, nothing to import) below.
  const courseNameProblem = target.kind === 'course' && !course.name.trim() ? COURSE_TEXT.enterCourseName : null;
  const thumbProblem = target.kind === 'course' ? (thumbError ?? (!thumbnail ? COURSE_TEXT.addThumbnail : null)) : null;
  const formProblem = videos === 0 ? IMPORT_TEXT.nothingToImport : badTitles > 0 ? `${plural(badTitles, 'title')} to fix first.` : null;
  const blocked = formProblem ?? courseNameProblem ?? thumbProblem ?? Object.values(fieldIssues)[0] ?? null;

  // After a refused Import: the first field with a problem gets the focus (else the message below), once
  // the messages are rendered.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const first = fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    (first ?? fieldsRef.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [refusals]);
  const focusFirstProblem = () => setRefusals((n) => n + 1);

  const start = async () => {
    setError(null);
    setTried(true);
    if (blocked) return focusFirstProblem();
    const answer = await invoke('courseImport.start', {
      importId: preview.importId,
      titles,
      course: target.kind === 'course' ? { name: course.name, language: course.language, thumbnailGrantId: thumbnail!.grantId } : null,
      defaults,
    });
    // The shell's Background work panel lists it at once (it follows the same status).
    if (answer.ok) {
      setStarted(answer.data);
      client.setQueryData(callQuery('courseImport.status', {}).queryKey, answer.data);
    }
    // Main checks the thumbnail's content too: its refusal belongs beside the field.
    else if (answer.error.message === COURSE_TEXT.thumbnailType) setThumbError(answer.error.message);
    else setError(answer.error.message);
    if (!answer.ok) focusFirstProblem();
  };

  if (started) return <ImportProgress first={started} onClose={onClose} />;

  return (
    <ContentDialog
      title={target.kind === 'course' ? `Import ${preview.folderName} as a course` : `Import ${preview.folderName}`}
      width={1100}
      contentClassName={styles.content}
      action={{ label: `Import ${plural(videos, 'video')}`, onClick: start }}
      dirty={dirty}
      onClose={onClose}
    >
      <div ref={fieldsRef} className={styles.content}>
      <Text role="status">
        {plural(folders, 'folder')} and {plural(videos, 'video')} to import
        {problems > 0 ? `; ${plural(problems, 'entry', 'entries')} marked below` : ''}. A leading number orders an entry and is left out of its title.{' '}
        {!judged || judged.read < judged.total
          ? `Checking the videos: ${judged?.read ?? 0} of ${judged?.total ?? videos} read.`
          : unplayable > 0
            ? `${plural(unplayable, 'video')} not playable: held in Bulk Upload (not uploaded, not linked) until removed there or sent anyway.`
            : 'Every video was checked.'}
      </Text>
      {target.kind === 'course' ? (
        <CourseFields course={course} onCourse={setCourse} nameProblem={courseNameProblem} thumbnail={thumbnail} onThumbnail={setThumbnail} thumbError={thumbError} onThumbError={setThumbError} thumbProblem={thumbProblem} tried={tried} />
      ) : null}
      <DefaultFields defaults={defaults} onDefaults={setDefaults} issues={fieldIssues} tried={tried} language={language} />
      <ImportTree nodes={preview.nodes} titles={titles} verdicts={verdicts} onTitle={onTitle} />
      {/* What keeps Import back and has no field of its own (once tried); else why main refused it. */}
      {(tried && formProblem) || error ? (
        <Text role="alert" tabIndex={-1} className={styles.failed}>
          {(tried && formProblem) || error}
        </Text>
      ) : null}
      </div>
    </ContentDialog>
  );
}
