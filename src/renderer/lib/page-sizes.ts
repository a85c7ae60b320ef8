// The tables' page sizes: the first page's size and the choices offered (spec 1 and 2, section 9). They
// are the screens' presentation, not part of any call's schema.

/** Courses and directory tables: 20 a page, options 20, 50, 100. */
export const COURSE_PAGE_SIZES = [20, 50, 100] as const;
export const COURSE_PAGE_SIZE = 20;

/** Library table (spec 1 section 9). */
export const LIBRARY_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const LIBRARY_PAGE_SIZE = 20;

/** Tables of quotes, tips, events and mentors show 500 rows per page (spec 2 section 9). */
export const ENGAGEMENT_PAGE_SIZE = 500;

/** Synonyms screen (spec 2 sections 2 and 9). */
export const SYNONYM_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const SYNONYM_PAGE_SIZE = 20;

/** Topics table: 20 a page, options 20, 50, 100 (spec 1 section 9). */
export const TOPIC_PAGE_SIZES = [20, 50, 100] as const;
export const TOPIC_PAGE_SIZE = 20;

/** Users table: 20 a page, options 5, 20, 50, 100 (spec 1 section 9). */
export const USER_PAGE_SIZES = [5, 20, 50, 100] as const;
export const USER_PAGE_SIZE = 20;
