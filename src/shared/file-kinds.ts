/**
 * Which files count as images and videos by their names, for the open dialog's filters (main) and the
 * fields that take a dropped file (renderer): a drop bypasses the dialog's filter, so the field checks.
 */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
export const VIDEO_FILE_EXTENSIONS = ['mp4', 'm4v', 'webm', 'mov', 'mkv'] as const;

const extensionOf = (name: string): string => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

export const isImageName = (name: string): boolean => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
export const isVideoName = (name: string): boolean => (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** A course thumbnail: png, jpg or jpeg only (spec 2: "The thumbnail accepts png, jpg or jpeg"). */
export const COURSE_THUMBNAIL_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const isCourseThumbnailName = (name: string): boolean => (COURSE_THUMBNAIL_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
