/** Business constants of spec 1 section 9 and spec 2 section 9. */
export const LANGUAGES = [
  'English',
  'Hindi',
  'Marathi',
  'Tamil',
  'Bengali',
  'Kannada',
  'Malayalam',
  'Gujarati',
  'Telugu',
  'Punjabi',
  'Assamese',
  'Odia',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const ADMIN_ROLES = ['Admin', 'Super Admin', 'User'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_STATUSES = ['Active', 'Inactive'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const MIN_PASSWORD_LENGTH = 8;
export const ADMIN_PAGE_SIZE = 10;
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm'; // spec: DD/MM/YYYY HH:mm, in date-fns tokens
/** How long the admin add/delete message stays (spec 1 section 9: 2 seconds). */
export const ADMIN_MESSAGE_MS = 2000;
/** Change password redirects to / after 2 seconds. */
export const CHANGE_PASSWORD_REDIRECT_MS = 2000;

/** The deep-link scheme registered by the desktop app (reset-password links open the app). */
export const DEEP_LINK_SCHEME = 'content-console';
