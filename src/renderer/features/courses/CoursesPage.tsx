import { plural } from '../../lib/format';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { deleteCourseQuestion } from '../../../shared/course-messages';
import type { Course } from '../../../shared/schemas/courses';
import { callQuery } from '../../lib/calls';
import { useCourseLanguage } from '../../lib/preferences';
import { directoryPath, selectionOf } from '../../lib/open-record';
import type { Language } from '../../../shared/constants';
import { LinkCell, text, twoLines, value } from '../../kit/columns';
import { relativeDate } from '../../kit/RelativeDate';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, resource } from '../../kit/Resource';
import { LanguageSelect } from '../../components/LanguageSelect';
import { courseCalls, courseForm } from './CourseDialog';
import { COURSE_PAGE_SIZE, COURSE_PAGE_SIZES } from '../../lib/page-sizes';
import { CheckAllButton } from './CourseHealth';
import { ImportDropZone, ImportFolderButton } from './import/ImportFolder';
import type { ImportTarget } from '../../../shared/schemas/course-import';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
});

/** Where a folder imported from the course list goes: a new course. */
const NEW_COURSE: ImportTarget = { kind: 'course' };

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** Course Fee: the amount in INR, '-' when the course is free (spec 2: default -). */
export const feeText = (course: Course): string => (course.pricingPlan.courseFee > 0 ? inr.format(course.pricingPlan.courseFee) : '-');

/**
 * A course opened from elsewhere (Find anything, History) in another language than the remembered one:
 * its language, shown for this visit so that its row shows; null otherwise, or once a language is chosen.
 */
function useOpenedCourseLanguage(remembered: Language | null): { language: Language | null; end: () => void } {
  const location = useLocation();
  const target = selectionOf(location.state);
  const courses = useQuery({ ...callQuery('videoRepository.courses'), enabled: target !== null && remembered !== null }).data;
  // The navigation at which a language was chosen: the visit's language ends there.
  const [chosenAt, setChosenAt] = useState<string | null>(null);
  const opened = target && chosenAt !== location.key ? courses?.find((c) => (target.id !== null ? c._id === target.id : c.name === target.key)) : undefined;
  const language = opened && remembered && opened.language !== remembered ? opened.language : null;
  return { language, end: () => setChosenAt(location.key) };
}

/** /course and /: the course list (spec 2 section 2, Course screen). */
export default function CoursesPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { language: remembered } = useCourseLanguage();
  const visit = useOpenedCourseLanguage(remembered);
  const language = visit.language ?? remembered;
  const courses = resource<Course>({
    name: 'Course',
    form: courseForm(language),
    ...courseCalls,
    remove: { ...courseCalls.remove, title: 'Delete course', question: (c) => deleteCourseQuestion(c.name) },
    bulk: { names: ['course', 'courses'], label: (c) => c.name, fields: [{ name: 'status', label: 'Status', options: [{ value: 'live', label: 'Live' }, { value: 'draft', label: 'Draft' }] }] },
  });

  const columns = useCallback(
    ({ editColumn, deleteColumn }: ScreenActions<Course>) => [
      text<Course>('referenceId', 'Course Id', { width: 112 }),
      // The name opens the directory; a badge beside it says live or draft (the Live/Draft switch).
      value<Course>('name', 'Course Name', (c) => c.name, {
        width: 226,
        searchValue: (c) => `${c.name} ${c.status} ${c.language}`,
        cell: (c) => (
          <span className={styles.name}>
            <LinkCell onClick={() => navigate(directoryPath(c._id, []))} title={`Open the directory of ${c.name} (${c.language})`}>
              {c.name}
            </LinkCell>
            <Badge appearance="tint" size="small" color={c.status === 'live' ? 'success' : 'warning'}>
              {c.status}
            </Badge>
          </span>
        ),
      }),
      twoLines(value<Course>('planType', 'Pricing Plan Type', (c) => c.pricingPlan.planType || 'Free', { width: 88 })),
      value<Course>('courseFee', 'Course Fee', (c) => c.pricingPlan.courseFee, { width: 116, cell: feeText, searchValue: feeText }),
      value<Course>('contents', 'Contents', (c) => c.modulesCount, { width: 104, cell: (c) => plural(c.modulesCount, 'module') }),
      twoLines(value<Course>('skippable', 'Are videos skippable', (c) => (c.modulesSkippable ? 'Yes' : 'No'), { width: 112 })),
      relativeDate<Course>('createdAt', 'Created At', (c) => c.created.at),
      twoLines(relativeDate<Course>('updatedAt', 'Last Updated', (c) => c.updated.at)),
      editColumn((c) => `Edit ${c.name}`),
      deleteColumn((c) => `Delete ${c.name}`),
    ],
    [navigate, styles],
  );

  return (
    // A folder dropped on the list opens the import preview for a new course.
    <ImportDropZone target={NEW_COURSE}>
      <ResourceScreen<Course, Course[]>
        resource={courses}
        title="Courses"
        subtitle={language ? `Courses in ${language}.` : 'Courses in every language.'}
        breadcrumb={[{ label: 'Courses' }]}
        headerActions={<><LanguageSelect shown={language} onChoose={visit.end} /><ImportFolderButton target={NEW_COURSE} /></>}
        list={callQuery('videoRepository.courses')}
        rows={useCallback((all: Course[]) => (language ? all.filter((c) => c.language === language) : all), [language])}
        rowId={(c) => c._id}
        columns={columns}
        search={{ placeholder: 'Search courses' }}
        pageSize={COURSE_PAGE_SIZE}
        pageSizes={COURSE_PAGE_SIZES}
        emptyText={language ? `No courses in ${language} yet.` : 'No courses yet.'}
        toolbar={<CheckAllButton />}
        foundNote={visit.language && remembered ? `The course is in ${visit.language}: courses in ${visit.language} show for this visit; ${remembered} stays your language for the Course list.` : undefined}
      />
    </ImportDropZone>
  );
}
