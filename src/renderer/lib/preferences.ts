import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_MEETING_PREVIEW_BASE } from '../../shared/schemas/sessions';

interface Preferences {
  /** The meeting provider's preview address the events' join links are built on (spec 2 section 9). */
  meetingPreviewBase: string;
  setMeetingPreviewBase: (url: string) => void;
}

/** Display choices of this computer (not secret, not per server), kept in the renderer's local storage. */
export const usePreferences = create<Preferences>()(
  persist(
    (set) => ({
      meetingPreviewBase: DEFAULT_MEETING_PREVIEW_BASE,
      setMeetingPreviewBase: (meetingPreviewBase) => set({ meetingPreviewBase }),
    }),
    { name: 'content-console.preferences', version: 1 },
  ),
);
