import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Badge, Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { LibraryFile } from '../../../shared/schemas/library';
import { callQuery } from '../../lib/calls';
import { MediaPlayer, mediaSourceOf, secondsOf, type SeekRequest } from '../../components/MediaPreview';
import { PageHeader } from '../../components/PageHeader';

// The screens of timestamped entries of one library file (Video Moments, Transcripts): the file's
// player on the left, the entries on the right; a click on an entry plays the file from its time.

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, overflowY: 'auto' },
  layout: { display: 'grid', gridTemplateColumns: 'minmax(320px, 5fr) minmax(320px, 6fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  player: { position: 'sticky', top: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  // The time keeps its width; the summary beside it gives way (an ellipsis).
  time: { flexShrink: 0 },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  snippet: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface LibraryFileRef {
  /** The file, once known (router state at once, else from the media list). */
  file: LibraryFile | null;
  /** The file's _id from the route, null when the screen was opened without one. */
  fileId: string | null;
  loading: boolean;
}

/**
 * The library file a screen was opened for: router state `{ file }` or `{ [param]: id }`, else the
 * `?param=` of the address (a reload keeps only that); the record comes fresh from the media list.
 */
export function useLibraryFile(param: string): LibraryFileRef {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as ({ file?: LibraryFile } & Record<string, unknown>) | null;
  const fromState = state?.file ?? null;
  const idInState = typeof state?.[param] === 'string' ? (state[param] as string) : null;
  const fileId = fromState?._id ?? idInState ?? params.get(param);
  const list = useQuery({ ...callQuery('library.mediaList'), enabled: !!fileId });
  const fresh = list.data?.find((f) => f._id === fileId) ?? null;
  return { file: fresh ?? fromState, fileId, loading: list.isPending && !fromState };
}

/** The player's seek requests: `play(timestamp)` jumps there and plays, again on each call. */
export function usePlayFrom(): { seek: SeekRequest | null; play: (timestamp: string) => void } {
  const [seek, setSeek] = useState<SeekRequest | null>(null);
  return { seek, play: (timestamp) => setSeek({ seconds: secondsOf(timestamp), key: Date.now() }) };
}

/**
 * The frame of the screen: title with the file, Back to the Video Library and `actions`, then the
 * player and `children` (the entries) side by side. Without a file id only `missingText` shows.
 */
export function TimedEntriesScreen({
  title,
  media,
  missingText,
  seek = null,
  actions,
  children,
}: {
  title: string;
  media: LibraryFileRef;
  missingText: string;
  seek?: SeekRequest | null;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { file, fileId, loading } = media;
  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/library')}>
      Video Library
    </Button>
  );

  if (!fileId) {
    return (
      <div className={styles.page}>
        <PageHeader title={title} actions={back} />
        <MessageBar intent="info">
          <MessageBarBody>{missingText}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={title}
        subtitle={file ? `${file.title} (Video Id ${file.fileId})` : loading ? 'Loading…' : undefined}
        actions={
          <>
            {back}
            {actions}
          </>
        }
      />
      <div className={styles.layout}>
        <div className={`${styles.card} ${styles.player}`}>
          {file ? <MediaPlayer source={mediaSourceOf(file)} seek={seek} /> : loading ? <Spinner size="small" /> : <Text>The file was not found.</Text>}
        </div>
        <div className={styles.card}>{children}</div>
      </div>
    </div>
  );
}

/** What the accordion header of an entry shows. */
export interface TimedEntryHeader {
  key: string;
  timestamp: string;
  summary: string;
}

/**
 * The entries as an accordion sorted by the caller, each header a time badge and a one-line summary
 * (a click plays from that time), each panel `children(entry)`; loading, error and empty states.
 */
export function TimedEntriesAccordion<T>({
  label,
  query,
  loadingLabel,
  emptyText,
  entries,
  headerOf,
  summaryStyle,
  onPlay,
  children,
}: {
  /** The accordion's accessible name, e.g. 'Moments'. */
  label: string;
  query: { isPending: boolean; isError: boolean; error: Error | null };
  loadingLabel: string;
  emptyText: string;
  entries: readonly T[];
  headerOf: (entry: T) => TimedEntryHeader;
  /** 'title': semibold (a moment's description); 'snippet': secondary colour (the first caption of a time). */
  summaryStyle: 'title' | 'snippet';
  onPlay: (timestamp: string) => void;
  children: (entry: T) => ReactNode;
}) {
  const styles = useStyles();
  if (query.isPending) return <Spinner size="small" label={loadingLabel} />;
  if (query.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{query.error?.message}</MessageBarBody>
      </MessageBar>
    );
  }
  if (entries.length === 0) return <Text className={styles.muted}>{emptyText}</Text>;
  return (
    <Accordion collapsible multiple aria-label={label}>
      {entries.map((entry) => {
        const { key, timestamp, summary } = headerOf(entry);
        return (
          <AccordionItem key={key} value={key}>
            <AccordionHeader onClick={() => onPlay(timestamp)}>
              <span className={styles.header}>
                <Badge appearance="tint" color="brand" className={styles.time}>
                  {timestamp}
                </Badge>
                {summaryStyle === 'title' ? (
                  <Text className={styles.title} weight="semibold">
                    {summary}
                  </Text>
                ) : (
                  <Text className={styles.snippet}>{summary}</Text>
                )}
              </span>
            </AccordionHeader>
            <AccordionPanel>{children(entry)}</AccordionPanel>
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}
