import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import type { FluentIcon } from '@fluentui/react-icons';
import {
  ArrowUploadRegular,
  CalendarLtrRegular,
  HistoryRegular,
  DocumentBulletListRegular,
  HatGraduationRegular,
  LightbulbRegular,
  PeopleRegular,
  PersonStarRegular,
  QuestionCircleRegular,
  ShieldPersonRegular,
  TagMultipleRegular,
  TextQuoteRegular,
  VideoClipMultipleRegular,
} from '@fluentui/react-icons';

type Screen = LazyExoticComponent<ComponentType>;

export interface Area {
  /** The route; written here only. */
  path: string;
  label: string;
  icon: FluentIcon;
  /** The screen (one lazily loaded chunk per feature); none: not built yet, the route says so. */
  screen?: Screen;
  /** Other paths (prefixes) whose screens belong to this area: its sidebar link shows as current there. */
  also?: readonly string[];
}

/** A screen reached from another (not in the sidebar): a route, its name and its screen. */
export interface InnerRoute {
  path: string;
  /** The screen's name in the window title: its heading, or the heading's fixed part. */
  title: string;
  screen: Screen;
}

// One lazily loaded chunk per screen: the initial bundle holds the shell and the login screen only.

const CoursesPage = lazy(() => import('../features/courses/CoursesPage'));
/** The root path / is the course list (spec 2 section 2); the logo leads there. */
export const HOME_SCREEN: Screen = CoursesPage;
export const HOME_TITLE = 'Home';

/** The sidebar, the routes and the home page, in the spec's order (spec 1 section 2, spec 2 section 2). */
export const AREAS: readonly Area[] = [
  { path: '/questions', label: 'Question Bank', icon: QuestionCircleRegular, screen: lazy(() => import('../features/question-bank/QuestionBankPage')) },
  {
    path: '/course',
    label: 'Courses',
    icon: HatGraduationRegular,
    screen: CoursesPage,
    also: ['/directory/', '/modules/', '/topics/', '/videos/'],
  },
  { path: '/library', label: 'Video Library', icon: VideoClipMultipleRegular, screen: lazy(() => import('../features/library/LibraryPage')) },
  { path: '/bulk-upload', label: 'Bulk Upload', icon: ArrowUploadRegular, screen: lazy(() => import('../features/bulk/BulkUploadPage')) },
  { path: '/resources', label: 'Resources', icon: DocumentBulletListRegular, screen: lazy(() => import('../features/resources/ResourcesPage')) },
  { path: '/users', label: 'Users', icon: PeopleRegular, screen: lazy(() => import('../features/users/UsersPage')) },
  { path: '/admins', label: 'Admins', icon: ShieldPersonRegular, screen: lazy(() => import('../features/admins/AdminsPage')) },
  { path: '/synonyms', label: 'Synonyms', icon: TagMultipleRegular, screen: lazy(() => import('../features/synonyms/SynonymsPage')) },
  { path: '/quotes', label: 'Quotes', icon: TextQuoteRegular, screen: lazy(() => import('../features/quotes/QuotesPage')) },
  { path: '/daily-tips', label: 'Daily Tips', icon: LightbulbRegular, screen: lazy(() => import('../features/daily-tips/DailyTipsPage')) },
  { path: '/session', label: 'Events', icon: CalendarLtrRegular, screen: lazy(() => import('../features/sessions/SessionsPage')) },
  { path: '/mentors', label: 'Mentors', icon: PersonStarRegular, screen: lazy(() => import('../features/mentors/MentorsPage')) },
  { path: '/history', label: 'History', icon: HistoryRegular, screen: lazy(() => import('../features/history/HistoryPage')) },
];

/** Screens inside the shell that are opened from another screen or the user menu. */
export const INNER_ROUTES: readonly InnerRoute[] = [
  { path: '/videomoments', title: 'Video Moments', screen: lazy(() => import('../features/library/MomentsPage')) },
  { path: '/transcripts', title: 'Transcripts', screen: lazy(() => import('../features/library/TranscriptsPage')) },
  { path: '/user/progress/:mobile', title: 'User progress', screen: lazy(() => import('../features/users/UserProgressPage')) },
  { path: '/change-password', title: 'Change password', screen: lazy(() => import('../features/auth/ChangePasswordPage')) },
  // The course directory: the last segment of the path is the folder id, or the course id at the top.
  { path: '/directory/*', title: 'Directory', screen: lazy(() => import('../features/courses/DirectoryPage')) },
  { path: '/modules/:moduleId', title: 'Topics', screen: lazy(() => import('../features/courses/TopicsPage')) },
  { path: '/topics/:topicId', title: 'Videos', screen: lazy(() => import('../features/courses/VideosPage')) },
  { path: '/videos/:videoId', title: 'Video', screen: lazy(() => import('../features/courses/VideoRoute')) },
  { path: '/course-preview/:courseId', title: 'Preview as learner', screen: lazy(() => import('../features/courses/LearnerPreviewPage')) },
];

/** The name of the screen at `pathname` (an area's label, an inner route's title), or null when none. */
export function screenTitle(pathname: string): string | null {
  if (pathname === '/') return HOME_TITLE;
  const area = AREAS.find((a) => a.path === pathname);
  if (area) return area.label;
  return INNER_ROUTES.find((r) => matchPath(r.path, pathname))?.title ?? null;
}
