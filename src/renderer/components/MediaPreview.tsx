import { useEffect, useRef, useState } from 'react';
import { Link, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { directMediaKind } from '../../shared/media-links';
import { previewProblemText } from '../../shared/preview-problems';
import { ContentDialog } from './ContentDialog';

export type MediaKind = 'video' | 'audio' | 'link' | 'other';

export interface MediaSource {
  kind: MediaKind;
  /** An address the player can load: a preview through main for media, the link itself for links. */
  url: string;
  title: string;
  /** The record's own preview address that `url` streams through main: main says why it failed. */
  src?: string;
}

/** Asks the player to jump to `seconds` and play; a new `key` repeats the same time. */
export interface SeekRequest {
  seconds: number;
  key: number;
}

/** 'HH:mm:ss' (or 'mm:ss', optional .mmm) as seconds; NaN when it is not a time. */
export function secondsOf(timestamp: string): number {
  const parts = timestamp.trim().split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isFinite(n))) return Number.NaN;
  return parts.reduce((total, n) => total * 60 + n, 0);
}

const useStyles = makeStyles({
  video: { width: '100%', maxHeight: '60vh', backgroundColor: '#000', borderRadius: tokens.borderRadiusMedium, display: 'block' },
  audio: { width: '100%' },
  link: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A <video>/<audio> player for uploaded media, or the link for links and other files. */
export function MediaPlayer({ source, seek, autoPlay = false }: { source: MediaSource; seek?: SeekRequest | null; autoPlay?: boolean }) {
  const styles = useStyles();
  const ref = useRef<HTMLMediaElement | null>(null);
  // Why the media did not load, as main's proxy saw it (the player itself only knows that it failed).
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setFailure(null), [source.url]);
  const onError = () => {
    const src = source.src;
    setFailure(previewProblemText(null));
    if (!src) return;
    void window.api.files.previewProblem({ src }).then((r) => {
      if (r.ok && r.data) setFailure(previewProblemText(r.data));
    });
  };

  useEffect(() => {
    const media = ref.current;
    if (!media || !seek || !Number.isFinite(seek.seconds)) return;
    const go = () => {
      media.currentTime = seek.seconds;
      void media.play().catch(() => undefined);
    };
    if (media.readyState >= 1) go();
    else media.addEventListener('loadedmetadata', go, { once: true });
  }, [seek]);

  if (source.kind === 'video' || source.kind === 'audio') {
    const common = {
      src: source.url,
      controls: true,
      preload: 'metadata' as const,
      autoPlay,
      onError,
      'aria-label': `${source.kind === 'video' ? 'Video' : 'Audio'} preview of ${source.title}`,
    };
    return (
      <div>
        {source.kind === 'video' ? (
          <video ref={(el) => void (ref.current = el)} className={styles.video} {...common} />
        ) : (
          <audio ref={(el) => void (ref.current = el)} className={styles.audio} {...common} />
        )}
        {failure ? (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    );
  }
  return (
    <div className={styles.link}>
      <Text className={styles.muted}>{source.kind === 'link' ? 'This file is a link:' : 'This file cannot be played here:'}</Text>
      {source.url ? (
        <Link href={source.url} target="_blank" rel="noreferrer noopener">
          {source.url}
        </Link>
      ) : (
        <Text>No address.</Text>
      )}
    </div>
  );
}

/** A dialog with the player of one file. */
export function MediaPreviewDialog({ source, onClose, width = 860 }: { source: MediaSource | null; onClose: () => void; width?: number }) {
  return (
    <ContentDialog open={source !== null} title={source ? `Preview: ${source.title}` : 'Preview'} width={width} onClose={onClose}>
      {source ? <MediaPlayer source={source} /> : null}
    </ContentDialog>
  );
}

/** The player source of a stored media record (library files): its preview URL through main, else its address. */
export function mediaSourceOf(file: { fileType: string; title: string; fileUrl: string; previewUrl?: string | undefined }): MediaSource {
  const stated: MediaKind = file.fileType === 'video' || file.fileType === 'audio' || file.fileType === 'link' ? file.fileType : 'other';
  // A link straight to a media file plays like an uploaded one; other links open in the system browser.
  const kind = stated === 'link' ? (directMediaKind(file.fileUrl) ?? 'link') : stated;
  const url = file.previewUrl || file.fileUrl;
  // Played media streams through main (it adds the token; the CSP names no remote origin); links are only shown.
  const playable = (kind === 'video' || kind === 'audio') && url;
  return playable ? { kind, url: window.files.previewUrl(url), title: file.title, src: url } : { kind, url, title: file.title };
}
