import type { FluentIcon } from '@fluentui/react-icons';
import {
  CalendarLtrRegular,
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

export interface Area {
  path: string;
  label: string;
  icon: FluentIcon;
  /** false: the screen is not built yet and the route shows an honest placeholder. */
  built: boolean;
}

/** The sidebar, in the spec's order (spec 1 section 2, spec 2 section 2). */
export const AREAS: readonly Area[] = [
  { path: '/questions', label: 'Question Bank', icon: QuestionCircleRegular, built: true },
  { path: '/course', label: 'Courses', icon: HatGraduationRegular, built: false },
  { path: '/library', label: 'Video Library', icon: VideoClipMultipleRegular, built: true },
  { path: '/resources', label: 'Resources', icon: DocumentBulletListRegular, built: true },
  { path: '/users', label: 'Users', icon: PeopleRegular, built: false },
  { path: '/admins', label: 'Admins', icon: ShieldPersonRegular, built: true },
  { path: '/synonyms', label: 'Synonyms', icon: TagMultipleRegular, built: false },
  { path: '/quotes', label: 'Quotes', icon: TextQuoteRegular, built: false },
  { path: '/daily-tips', label: 'Daily Tips', icon: LightbulbRegular, built: false },
  { path: '/session', label: 'Sessions', icon: CalendarLtrRegular, built: false },
  { path: '/mentors', label: 'Mentors', icon: PersonStarRegular, built: false },
];
