import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, DismissRegular, EyeRegular, HeartPulseRegular, WrenchRegular } from '@fluentui/react-icons';
import { HEALTH_KIND_LABEL, type CourseHealth, type HealthKind, type HealthProblem } from '../../../shared/schemas/course-health';
import type { Course } from '../../../shared/schemas/courses';
import type { LibraryFile } from '../../../shared/schemas/library';
import { callQuery } from '../../lib/calls';
import { plural } from '../../lib/format';
import { action, value } from '../../kit/columns';
import { FormDialog } from '../../kit/RecordDialogs';
import { DataTable } from '../../components/DataTable';
import { useFocusReturn } from '../../components/useFocusReturn';
import { fileCalls, useFileForm } from '../../components/FileDialog';
import { resource, useResource } from '../../kit/Resource';
import { courseCalls, courseForm } from './CourseDialog';
import { directoryPath } from '../../lib/open-record';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  courses: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, listStyleType: 'none', margin: 0, padding: 0 },
  // Details in up to two smaller lines, so a row's whole sentence shows at 1024 and 1440.
  details: {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    overflow: 'hidden',
    whiteSpace: 'normal',
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
});

/** What opens the record that fixes each kind. */
const FIX: Record<HealthKind, { label: string; opens: 'folder' | 'videos' | 'transcripts' | 'moments' | 'file' | 'course' }> = {
  emptyFolder: { label: 'Open the folder', opens: 'folder' },
  missingFile: { label: 'Open its folder', opens: 'folder' },
  repeatedTitle: { label: 'Open its folder', opens: 'folder' },
  noQuestions: { label: 'Add questions', opens: 'videos' },
  questionsOtherLanguage: { label: 'Change the questions', opens: 'videos' },
  noTranscript: { label: 'Add transcripts', opens: 'transcripts' },
  noMoments: { label: 'Add moments', opens: 'moments' },
  brokenLink: { label: 'Edit the library file', opens: 'file' },
  linkNotChecked: { label: 'Edit the library file', opens: 'file' },
  notLive: { label: 'Edit the library file', opens: 'file' },
  paidWithoutFee: { label: 'Edit the course', opens: 'course' },
  noThumbnail: { label: 'Edit the course', opens: 'course' },
};

const KIND_COLOR: Record<HealthKind, 'danger' | 'warning' | 'informative'> = {
  emptyFolder: 'warning', missingFile: 'danger', brokenLink: 'danger', linkNotChecked: 'warning', noQuestions: 'informative', questionsOtherLanguage: 'warning', noTranscript: 'informative',
  noMoments: 'informative', repeatedTitle: 'warning', notLive: 'danger', paidWithoutFee: 'danger', noThumbnail: 'warning',
};

/** A row of the problems table: a problem with its course's name (the Check all table shows it). */
type Row = HealthProblem & { course: string; index: number };

const directoryOf = (courseId: string, folders: readonly { _id: string }[]) => directoryPath(courseId, folders.map((f) => f._id));

/** A problem's record, opened: a screen (the drawer closes), or a dialog over the drawer. */
function useFix(close: () => void) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ kind: 'file' | 'course'; id: string; title: string } | null>(null);
  const fix = useCallback(
    (p: HealthProblem) => {
      const opens = FIX[p.kind].opens;
      if (opens === 'file' || opens === 'course') return setDialog({ kind: opens, id: opens === 'file' ? p.fileId : p.courseId, title: p.title });
      close();
      if (opens === 'folder') navigate(directoryOf(p.courseId, p.folderPath));
      else if (opens === 'videos') navigate(`/videos/${encodeURIComponent(p.recordId)}`);
      else if (opens === 'transcripts') navigate(`/transcripts?videoId=${encodeURIComponent(p.fileId)}`);
      else navigate(`/videomoments?fileId=${encodeURIComponent(p.fileId)}`);
    },
    [close, navigate],
  );
  const dialogs = dialog?.kind === 'file' ? <LibraryFileFix id={dialog.id} docTitle={dialog.title} onClose={() => setDialog(null)} /> : dialog ? <CourseFix id={dialog.id} onClose={() => setDialog(null)} /> : null;
  return { fix, dialogs };
}

/**
 * What the person must know before editing a library file from a course: it is the library's record, used
 * by every course that links it (not this course's copy), and it may carry another title than the video here.
 */
export function libraryFileNotice(file: Pick<LibraryFile, 'title'>, docTitle: string): string {
  const shared = 'This is the library file itself: a change here (its status too) applies in every course that links it, not only in this one.';
  return file.title === docTitle ? shared : `In the library this file is titled “${file.title}”; this course calls it “${docTitle}”. ${shared}`;
}

function LibraryFileFix({ id, docTitle, onClose }: { id: string; docTitle: string; onClose: () => void }) {
  const files = useQuery(callQuery('library.mediaList'));
  const { editor } = useResource(resource<LibraryFile>({ name: 'File', form: useFileForm(), ...fileCalls }), (f) => f._id);
  const file = files.data?.find((f) => f._id === id);
  const base = file ? editor?.(file) : null;
  const spec = base && file ? { ...base, dialog: { ...base.dialog, intro: <MessageBar intent="warning" layout="multiline"><MessageBarBody>{libraryFileNotice(file, docTitle)}</MessageBarBody></MessageBar> } } : null;
  if (!file || !spec) return files.isPending ? <Spinner label="Opening the library file…" /> : null;
  return <FormDialog spec={spec} open submitLabel="Save" record={file} specFor={(r) => editor?.(r as LibraryFile) ?? null} onClose={onClose} />;
}

function CourseFix({ id, onClose }: { id: string; onClose: () => void }) {
  const courses = useQuery(callQuery('videoRepository.courses'));
  const { editor } = useResource(resource<Course>({ name: 'Course', form: courseForm(null), create: courseCalls.create, update: courseCalls.update }), (c) => c._id);
  const course = courses.data?.find((c) => c._id === id);
  const spec = course ? editor?.(course) : null;
  if (!course || !spec) return courses.isPending ? <Spinner label="Opening the course…" /> : null;
  return <FormDialog spec={spec} open submitLabel="Save" record={course} specFor={(r) => editor?.(r as Course) ?? null} onClose={onClose} />;
}

const COURSE_CSV = [{ header: 'Course', value: (p: Row) => p.course }];

function ProblemsTable({ reports, showCourse, onFix }: { reports: readonly CourseHealth[]; showCourse: boolean; onFix: (p: HealthProblem) => void }) {
  const detailsClass = useStyles().details;
  const rows = useMemo(() => reports.flatMap((r) => r.problems.map((p) => ({ ...p, course: r.name }))).map((p, index) => ({ ...p, index })), [reports]);
  const columns = useMemo(
    () => [
      ...(showCourse ? [value<Row>('course', 'Course', (p) => p.course, { width: 160 })] : []),
      value<Row>('kind', 'Problem', (p) => HEALTH_KIND_LABEL[p.kind], {
        // The longest kind, "Questions in another language", whole in its badge.
        width: 226,
        filter: 'select',
        cell: (p) => (
          <Badge appearance="tint" color={KIND_COLOR[p.kind]}>
            {HEALTH_KIND_LABEL[p.kind]}
          </Badge>
        ),
      }),
      value<Row>('title', 'Record', (p) => p.title, { width: 150 }),
      // Where gives way first in a narrow table (Check all's, with its Course column), before Details are squeezed.
      value<Row>('where', 'Where', (p) => p.folderPath.map((f) => f.title).join(' > ') || 'The course', { width: 180, priority: 1 }),
      // The column takes what the others leave; a sentence still too long keeps its whole text as the tooltip.
      value<Row>('message', 'Details', (p) => p.message, { minWidth: 220, cell: (p) => <span className={detailsClass} title={p.message}>{p.message}</span> }),
      action<Row>('fix', 'Fix', { label: (p) => `${FIX[p.kind].label}: ${p.title} (${HEALTH_KIND_LABEL[p.kind]})`, icon: <WrenchRegular />, onClick: onFix, width: 56 }),
    ],
    [showCourse, onFix, detailsClass],
  );
  return (
    <DataTable<Row>
      ariaLabel="Course health"
      viewKey={showCourse ? 'Course health of every course' : 'Course health'}
      columns={columns}
      data={rows}
      getRowId={(p) => String(p.index)}
      pageSize={50}
      pageSizeOptions={[20, 50, 100]}
      maxHeight="60vh"
      emptyText="No problems found."
      searchPlaceholder="Search the problems"
      // One course's table leaves its name to the drawer's title; its CSV holds it, read apart from the drawer.
      csvLead={showCourse ? undefined : COURSE_CSV}
    />
  );
}

/** The drawer's frame: title, close, the links switch and Check again. */
function HealthDrawer({ title, open, onClose, links, setLinks, checking, onRecheck, children }: {
  title: string; open: boolean; onClose: () => void; links: boolean; setLinks: (on: boolean) => void; checking: boolean; onRecheck: () => void; children: ReactNode;
}) {
  const styles = useStyles();
  // Closed, the drawer leaves the page: the focus goes back to the button that opened it.
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open, surface);
  return (
    <OverlayDrawer ref={surface} open={open} onOpenChange={(_e, d) => !d.open && onClose()} position="end" size="large" aria-label={title}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>{title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <div className={styles.bar}>
          <Switch label="Check links too (a request to each link's address)" checked={links} onChange={(_e, d) => setLinks(d.checked)} />
          <Button icon={<ArrowClockwiseRegular />} onClick={onRecheck} disabled={checking}>
            Check again
          </Button>
          {checking ? <Spinner size="tiny" label="Checking…" /> : null}
        </div>
        {children}
      </DrawerBody>
    </OverlayDrawer>
  );
}

const summaryOf = (r: CourseHealth) =>
  r.problems.length === 0 ? `No problems in ${plural(r.videos, 'video')} and ${plural(r.folders, 'folder')}.` : `${plural(r.problems.length, 'problem')} in ${plural(r.videos, 'video')} and ${plural(r.folders, 'folder')}.`;

function Failure({ message }: { message: string }) {
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>{`The check could not finish: ${message}`}</MessageBarBody>
    </MessageBar>
  );
}

/** A button that opens a health drawer: the check runs while it is open, again with the links switch. */
function HealthButton<T>({ label, title, disabled, query, render }: {
  label: string;
  title: string;
  disabled?: boolean;
  query: (links: boolean) => UseQueryOptions<T, Error, T, readonly unknown[]>;
  render: (data: T, fix: (p: HealthProblem) => void, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [links, setLinks] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const { fix, dialogs } = useFix(close);
  const report = useQuery({ ...query(links), enabled: open && !disabled, staleTime: 0, retry: false });
  return (
    <>
      <Button icon={<HeartPulseRegular />} onClick={() => setOpen(true)} disabled={disabled}>
        {label}
      </Button>
      {open ? (
        <HealthDrawer title={title} open onClose={close} links={links} setLinks={setLinks} checking={report.isFetching} onRecheck={() => void report.refetch()}>
          {report.isError ? <Failure message={report.error.message} /> : null}
          {report.data ? render(report.data, fix, close) : null}
          {dialogs}
        </HealthDrawer>
      ) : null}
    </>
  );
}

/** The directory's Course health button and its drawer: the course's problems, each with its fix. */
export function CourseHealthButton({ courseId, courseName }: { courseId: string; courseName: string }) {
  return (
    <HealthButton
      label="Course health"
      title={`Course health: ${courseName}`}
      disabled={!courseId}
      query={(links) => callQuery('courseTools.health', { courseId, links })}
      render={(report, fix) => (
        <>
          <Text>{summaryOf(report)}</Text>
          <ProblemsTable reports={[report]} showCourse={false} onFix={fix} />
        </>
      )}
    />
  );
}

/** The course list's Check all button: every course with a health badge, and all their problems. */
export function CheckAllButton() {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <HealthButton
      label="Check all"
      title="Health of every course"
      query={(links) => callQuery('courseTools.healthAll', { links })}
      render={(reports, fix, close) => (
        <>
          <ul className={styles.courses} aria-label="Courses and their health">
            {reports.map((r) => (
              <li key={r.courseId}>
                <Button
                  size="small"
                  appearance="subtle"
                  title={summaryOf(r)}
                  onClick={() => {
                    close();
                    navigate(directoryOf(r.courseId, []));
                  }}
                >
                  {r.name}&nbsp;
                  <Badge appearance="filled" color={r.problems.length ? 'danger' : 'success'}>
                    {r.problems.length ? plural(r.problems.length, 'problem') : 'Healthy'}
                  </Badge>
                </Button>
              </li>
            ))}
          </ul>
          <ProblemsTable reports={reports} showCourse onFix={fix} />
        </>
      )}
    />
  );
}

/** The directory's course tools: its health, and the learner's view of it. */
export function DirectoryTools({ courseId, courseName }: { courseId: string; courseName: string }) {
  const navigate = useNavigate();
  return (
    <>
      <CourseHealthButton courseId={courseId} courseName={courseName} />
      <Button icon={<EyeRegular />} disabled={!courseId} onClick={() => navigate(`/course-preview/${encodeURIComponent(courseId)}`)}>
        Preview as learner
      </Button>
    </>
  );
}
