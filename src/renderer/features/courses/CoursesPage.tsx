import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { COURSE_MSG, deleteCourseQuestion } from '../../../shared/course-messages';
import { COURSE_PAGE_SIZE, COURSE_PAGE_SIZES, type Course } from '../../../shared/schemas/courses';
import { callQuery, useCallMutation } from '../../lib/calls';
import { useCourseLanguage } from '../../lib/preferences';
import { badge, date, link, text, value } from '../../kit/columns';
import { ListScreen, type ScreenActions } from '../../kit/ListScreen';
import { LanguageSelect } from '../../components/LanguageSelect';
import { CourseDialog, courseFailure } from './CourseDialog';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** Course Fee: the amount in INR, '-' when the course is free (spec 2: default -). */
export const feeText = (course: Course): string => (course.pricingPlan.courseFee > 0 ? inr.format(course.pricingPlan.courseFee) : '-');

/** /course and /: the course list (spec 2 section 2, Course screen). */
export default function CoursesPage() {
  const navigate = useNavigate();
  const { language } = useCourseLanguage();
  const remove = useCallMutation('videoRepository.deleteCourse', {
    fallback: COURSE_MSG.somethingWentWrong,
    override: courseFailure,
    invalidates: ['videoRepository'],
  });
  const sequence = useCallMutation('videoRepository.courseSequence', {
    fallback: COURSE_MSG.somethingWentWrong,
    override: courseFailure,
    invalidates: ['videoRepository.courses'],
  });

  const columns = useCallback(
    ({ editColumn, deleteColumn }: ScreenActions<Course>) => [
      text<Course>('referenceId', 'Course Id', { width: 110 }),
      link<Course>('name', 'Course Name', (c) => navigate(`/directory/${encodeURIComponent(c._id)}`), (c) => `Open the directory of ${c.name}`, { width: 240 }),
      badge<Course>('status', 'Status', { live: 'success', draft: 'warning' }, { width: 90 }),
      text<Course>('language', 'Language', { width: 110 }),
      value<Course>('planType', 'Pricing Plan Type', (c) => c.pricingPlan.planType || 'Free', { width: 130 }),
      value<Course>('courseFee', 'Course Fee', (c) => c.pricingPlan.courseFee, { width: 110, cell: feeText, searchValue: feeText }),
      value<Course>('contents', 'Contents', (c) => c.modulesCount, { width: 96, align: 'center', cell: (c) => `${c.modulesCount} ${c.modulesCount === 1 ? 'module' : 'modules'}` }),
      value<Course>('skippable', 'Are videos skippable', (c) => (c.modulesSkippable ? 'Yes' : 'No'), { width: 110 }),
      date<Course>('createdAt', 'Created At', (c) => c.created.at),
      date<Course>('updatedAt', 'Last Updated', (c) => c.updated.at),
      editColumn((c) => `Edit ${c.name}`),
      deleteColumn((c) => `Delete ${c.name}`),
    ],
    [navigate],
  );

  return (
    <ListScreen<Course, Course[]>
      title="Courses"
      subtitle={language ? `Courses in ${language}.` : 'Courses in every language.'}
      breadcrumb={[{ label: 'Courses' }]}
      headerActions={<LanguageSelect />}
      list={callQuery('videoRepository.courses')}
      rows={useCallback((all: Course[]) => (language ? all.filter((c) => c.language === language) : all), [language])}
      rowId={(c) => c._id}
      columns={columns}
      search={{ placeholder: 'Search courses' }}
      pageSize={COURSE_PAGE_SIZE}
      pageSizes={COURSE_PAGE_SIZES}
      emptyText={language ? `No courses in ${language} yet.` : 'No courses yet.'}
      addLabel="Add Course"
      renderEditor={(editing, close) => <CourseDialog editing={editing} language={language} onClose={close} />}
      remove={{ mutation: remove, input: (c) => ({ id: c._id }), title: 'Delete course', question: (c) => deleteCourseQuestion(c.name) }}
      reorder={{ save: async (rows) => (await sequence.run({ courses: rows.map((c) => c._id) })).ok }}
    />
  );
}
