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
export function useLibraryVideos(language: Language | undefined): { options: FieldOption[]; loading: boolean } {
  const library = useQuery({ ...callQuery('library.mediaList', { language }), enabled: !!language });
  const options = useMemo(
    () =>
      (library.data ?? [])
        .filter((f) => f.fileType === 'video' || f.fileType === 'link')
        .map((f) => ({ value: f._id, label: `${f.title} (${f.fileId})` })),
    [library.data],
  );
  return { options, loading: library.isPending };
}

/**
 * The player source of a course video: an uploaded library file plays (its preview URL is signed, so it
 * differs from the file URL); a library link is shown as the link it is.
 */
export function videoSourceOf(video: { title: string; fileUrl: string; previewUrl: string }): MediaSource {
  const uploaded = video.previewUrl !== '' && video.previewUrl !== video.fileUrl;
  return mediaSourceOf({ fileType: uploaded ? 'video' : 'link', title: video.title, fileUrl: video.fileUrl, previewUrl: video.previewUrl });
}
