import { useNavigate } from 'react-router-dom';

// A record opened from elsewhere (Find anything, a History entry): its screen opens with the record
// selected. The screen's search is set to the record's key and its row takes the focus (DataTable's
// useSelectedRow reads the navigation state). Paths are the area table's: the app registers them.

/** The record to select on its screen: what its search box is set to, and its row id. */
export interface RecordTarget {
  screen: string;
  /** Where the record is, when its screen's path does not say it (a folder of a course's directory). */
  path?: string;
  /** null: the place opens with nothing selected (several records were written there). */
  key: string | null;
  id: string | null;
}

/** A folder of a course's directory: the course, then the folders down to it (the page reads the last one). */
export const directoryPath = (courseId: string, folderIds: readonly string[]): string => `/directory/${[courseId, ...folderIds].map(encodeURIComponent).join('/')}`;

const paths = new Map<string, string>();

/** The app's screens by name ('Users' -> '/users'), from the area table. */
export function registerScreenPaths(entries: Iterable<readonly [string, string]>): void {
  for (const [screen, path] of entries) paths.set(screen, path);
}

export const pathOfScreen = (screen: string): string | undefined => paths.get(screen);

export interface SelectState {
  select: { key: string; id: string | null };
}

/** The record a navigation asks the screen to select, if any. */
export function selectionOf(state: unknown): SelectState['select'] | null {
  const select = (state as Partial<SelectState> | null)?.select;
  return select && typeof select.key === 'string' ? select : null;
}

/** Opens a record's screen with the record selected; false when the screen has no route. */
export function useOpenRecord(): (target: RecordTarget) => boolean {
  const navigate = useNavigate();
  return (target) => {
    const path = target.path ?? pathOfScreen(target.screen);
    if (!path) return false;
    const state: SelectState | null = target.key === null ? null : { select: { key: target.key, id: target.id } };
    navigate(path, { state });
    return true;
  };
}
