import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../shared/constants';
import { callQuery } from '../../lib/calls';
import type { FieldOption } from '../../components/EntityDialog';
import { mediaSourceOf, type MediaSource } from '../../components/MediaPreview';

/**
 * The library's videos of one language as select options (spec 2: GET /media/list?language=): uploaded
 * videos and video links (audio and other files are not course videos).
 */
export interface LibraryVideos {
  options: FieldOption[];
  loading: boolean;
  /** A video's library title by its _id (a chosen video's title fills an empty title field). */
  titles: ReadonlyMap<string, string>;
  language: Language | undefined;
}

export function useLibraryVideos(language: Language | undefined): LibraryVideos {
  const library = useQuery({ ...callQuery('library.mediaList', { language }), enabled: !!language });
  return useMemo(() => {
    const videos = (library.data ?? []).filter((f) => f.fileType === 'video' || f.fileType === 'link');
    return {
      options: videos.map((f) => ({ value: f._id, label: `${f.title} (${f.fileId})` })),
      titles: new Map(videos.map((f) => [f._id, f.title])),
      loading: library.isPending,
      language,
    };
  }, [library.data, library.isPending, language]);
}

/**
 * The player source of a course video: an uploaded library file plays (its preview URL is signed, so it
 * differs from the file URL); a library link is shown as the link it is.
 */
export function videoSourceOf(video: { title: string; fileUrl: string; previewUrl: string }): MediaSource {
  const uploaded = video.previewUrl !== '' && video.previewUrl !== video.fileUrl;
  return mediaSourceOf({ fileType: uploaded ? 'video' : 'link', title: video.title, fileUrl: video.fileUrl, previewUrl: video.previewUrl });
}
