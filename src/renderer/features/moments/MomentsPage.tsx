import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowLeftRegular, DeleteRegular, EditRegular, PlayRegular } from '@fluentui/react-icons';
import { MSG } from '../../../shared/messages';
import { MomentDraftSchema, type LibraryFile, type Moment } from '../../../shared/schemas/library';
import { unwrap, withFallback } from '../../components/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EntityDialog, type FieldDescriptor } from '../../components/EntityDialog';
import { MediaPlayer, mediaSourceOf, secondsOf, type SeekRequest } from '../../components/MediaPreview';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/toast';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, overflowY: 'auto' },
  layout: { display: 'grid', gridTemplateColumns: 'minmax(320px, 5fr) minmax(320px, 6fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingVerticalL,
  },
  player: { position: 'sticky', top: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  description: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalM },
  transcript: { whiteSpace: 'pre-wrap', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Draft = { timestamp: string; description: string; transcript: string };

const FIELDS: FieldDescriptor<keyof Draft>[] = [
  { kind: 'text', name: 'timestamp', label: 'Timestamp', required: true, placeholder: 'HH:mm:ss', hint: 'HH:mm:ss, e.g. 00:01:30' },
  { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 2 },
  { kind: 'textarea', name: 'transcript', label: 'Transcript', required: true, rows: 4 },
];

/** The library file the screen was opened with (router state), else found by ?fileId= in the list. */
function useFile(): { file: LibraryFile | null; fileId: string | null; loading: boolean } {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as { file?: LibraryFile } | null)?.file ?? null;
  const fileId = fromState?._id ?? params.get('fileId');
  const list = useQuery({
    queryKey: ['library', 'media', 'all'],
    queryFn: () => unwrap(window.api.library.mediaList()),
    enabled: !!fileId,
  });
  const fresh = list.data?.find((f) => f._id === fileId) ?? null;
  return { file: fresh ?? fromState, fileId, loading: list.isPending && !fromState };
}

export default function MomentsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { file, fileId, loading } = useFile();
  const [editing, setEditing] = useState<'add' | Moment | null>(null);
  const [deleting, setDeleting] = useState<Moment | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [seek, setSeek] = useState<SeekRequest | null>(null);

  const key = ['library.moments', fileId] as const;
  const moments = useQuery({
    queryKey: key,
    queryFn: () => unwrap(window.api.library.moments({ fileId: fileId ?? '' })),
    enabled: !!fileId,
  });
  const sorted = useMemo(() => [...(moments.data ?? [])].sort((a, b) => a.timestamp.localeCompare(b.timestamp)), [moments.data]);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const record = editing && editing !== 'add' ? editing : null;

  const play = (timestamp: string) => setSeek({ seconds: secondsOf(timestamp), key: Date.now() });

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const result = withFallback(await window.api.library.deleteMoment({ id: deleting._id }), MSG.somethingWentWrong);
    setDeleteBusy(false);
    setDeleting(null);
    if (!result.ok) notify.error(result.error.message);
    else {
      notify.success(result.data.message);
      void refresh();
    }
  };

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/library')}>
      Video Library
    </Button>
  );

  if (!fileId) {
    return (
      <div className={styles.page}>
        <PageHeader title="Video Moments" actions={back} />
        <MessageBar intent="info">
          <MessageBarBody>Open the moments of a file from the Video Library (Update Moments).</MessageBarBody>
        </MessageBar>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Video Moments"
        subtitle={file ? `${file.title} (Video Id ${file.fileId})` : loading ? 'Loading…' : undefined}
        actions={
          <>
            {back}
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('add')}>
              Add Moment
            </Button>
          </>
        }
      />
      <div className={styles.layout}>
        <div className={`${styles.card} ${styles.player}`}>
          {file ? <MediaPlayer source={mediaSourceOf(file)} seek={seek} /> : loading ? <Spinner size="small" /> : <Text>The file was not found.</Text>}
        </div>
        <div className={styles.card}>
          {moments.isPending ? (
            <Spinner size="small" label="Loading moments…" />
          ) : moments.isError ? (
            <MessageBar intent="error">
              <MessageBarBody>{moments.error.message}</MessageBarBody>
            </MessageBar>
          ) : sorted.length === 0 ? (
            <Text className={styles.muted}>No moments yet. Add the first one.</Text>
          ) : (
            <Accordion collapsible multiple aria-label="Moments">
              {sorted.map((m) => (
                <AccordionItem key={m._id} value={m._id}>
                  <AccordionHeader onClick={() => play(m.timestamp)}>
                    <span className={styles.header}>
                      <Badge appearance="tint" color="brand">
                        {m.timestamp}
                      </Badge>
                      <Text className={styles.description} weight="semibold">
                        {m.description}
                      </Text>
                    </span>
                  </AccordionHeader>
                  <AccordionPanel>
                    <div className={styles.panel}>
                      <Text className={styles.transcript}>{m.transcript}</Text>
                      <div className={styles.actions}>
                        <Button size="small" icon={<PlayRegular />} onClick={() => play(m.timestamp)}>
                          Play from {m.timestamp}
                        </Button>
                        <Button size="small" icon={<EditRegular />} onClick={() => setEditing(m)}>
                          Edit
                        </Button>
                        <Button size="small" icon={<DeleteRegular />} onClick={() => setDeleting(m)}>
                          Delete
                        </Button>
                      </div>
                    </div>
                  </AccordionPanel>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </div>
      </div>
      <EntityDialog
        open={editing !== null}
        title={record ? 'Edit Moment' : 'Add Moment'}
        schema={MomentDraftSchema}
        fields={FIELDS}
        defaultValues={record ? { timestamp: record.timestamp, description: record.description, transcript: record.transcript } : { timestamp: '', description: '', transcript: '' }}
        submitLabel={record ? 'Save' : 'Add'}
        failureFallback={MSG.momentNotAdded}
        onClose={() => setEditing(null)}
        onSubmit={async (values) =>
          withFallback(
            record ? await window.api.library.updateMoment({ id: record._id, ...values }) : await window.api.library.addMoment({ fileId, ...values }),
            MSG.momentNotAdded,
          )
        }
        onSuccess={(data) => {
          notify.success((data as { message?: string } | undefined)?.message ?? 'Saved');
          void refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete moment"
        text={deleting ? `Are you sure you want to delete the moment at ${deleting.timestamp} (${deleting.description})?` : undefined}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
