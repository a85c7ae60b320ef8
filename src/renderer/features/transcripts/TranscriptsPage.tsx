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
  ToggleButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowLeftRegular,
  ArrowUploadRegular,
  DeleteRegular,
  EditRegular,
  PlayRegular,
} from '@fluentui/react-icons';
import { parseCaptionsDetailed } from '../../../shared/captions';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { TranscriptFormSchema, type Transcript } from '../../../shared/schemas/transcripts';
import { unwrap, withFallback } from '../../components/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EntityDialog, type FieldDescriptor } from '../../components/EntityDialog';
import { MediaPlayer, mediaSourceOf, secondsOf, type SeekRequest } from '../../components/MediaPreview';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/toast';
import { ImportDialog, type ImportSource } from './ImportDialog';

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
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  snippet: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  line: {
    display: 'grid',
    gridTemplateColumns: '88px minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  caption: { whiteSpace: 'pre-wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

type FormKey = 'timeStamp' | 'captionText' | 'language';

export default function TranscriptsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const videoId = (location.state as { videoId?: string } | null)?.videoId ?? params.get('videoId');

  const [chip, setChip] = useState<Language | 'All'>('All');
  const [editing, setEditing] = useState<'add' | Transcript | null>(null);
  const [deleting, setDeleting] = useState<Transcript | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [seek, setSeek] = useState<SeekRequest | null>(null);
  const [importing, setImporting] = useState<ImportSource | null>(null);
  const [importBusy, setImportBusy] = useState(false);

  const files = useQuery({ queryKey: ['library', 'media', 'all'], queryFn: () => unwrap(window.api.library.mediaList()), enabled: !!videoId });
  const file = files.data?.find((f) => f._id === videoId) ?? null;
  const key = ['videoRepository.transcripts', videoId] as const;
  const transcripts = useQuery({
    queryKey: key,
    queryFn: () => unwrap(window.api.videoRepository.transcripts({ videoId: videoId ?? '' })),
    enabled: !!videoId,
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const languages = transcripts.data?.languages ?? [];
  const groups = useMemo(() => {
    const lines = (transcripts.data?.transcripts ?? []).filter((t) => chip === 'All' || t.language === chip);
    const byTime = new Map<string, Transcript[]>();
    for (const t of lines) {
      const list = byTime.get(t.timeStamp) ?? [];
      list.push(t);
      byTime.set(t.timeStamp, list);
    }
    return [...byTime.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [transcripts.data, chip]);

  const record = editing && editing !== 'add' ? editing : null;
  const fields = useMemo<FieldDescriptor<FormKey>[]>(
    () => [
      { kind: 'text', name: 'timeStamp', label: 'Timestamp', required: true, placeholder: 'HH:mm:ss', hint: 'HH:mm:ss, e.g. 00:01:30' },
      { kind: 'textarea', name: 'captionText', label: 'Caption', required: true, rows: 3 },
      record
        ? { kind: 'select', name: 'language', label: 'Language', disabled: true, hint: MSG.cannotEditTranscriptLanguage, options: LANGUAGES.map((l) => ({ value: l, label: l })) }
        : { kind: 'select', name: 'language', label: 'Language', required: true, placeholder: 'Select Language', options: LANGUAGES.map((l) => ({ value: l, label: l })) },
    ],
    [record],
  );

  const play = (timestamp: string) => setSeek({ seconds: secondsOf(timestamp), key: Date.now() });

  const startImport = async () => {
    setImportBusy(true);
    try {
      const picked = await window.api.files.pick({ kind: 'captions' });
      if (!picked.ok) return notify.error(picked.error.message);
      if (!picked.data) return;
      const read = await window.api.files.readText({ grantId: picked.data.grantId });
      if (!read.ok) return notify.error(read.error.message);
      const cues = parseCaptionsDetailed(read.data.text);
      if (cues.length === 0) return notify.error(`No captions found in ${read.data.name}: the file is not WebVTT (.vtt) or SubRip (.srt).`);
      setImporting({ name: read.data.name, cues });
    } finally {
      setImportBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const result = withFallback(await window.api.videoRepository.deleteTranscript({ id: deleting._id }), MSG.somethingWentWrong);
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

  if (!videoId) {
    return (
      <div className={styles.page}>
        <PageHeader title="Transcripts" actions={back} />
        <MessageBar intent="info">
          <MessageBarBody>Open the transcripts of a file from the Video Library (Add Transcripts).</MessageBarBody>
        </MessageBar>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Transcripts"
        subtitle={file ? `${file.title} (Video Id ${file.fileId})` : files.isPending ? 'Loading…' : undefined}
        actions={
          <>
            {back}
            <Button icon={importBusy ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={importBusy} onClick={() => void startImport()}>
              Import .vtt/.srt
            </Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('add')}>
              Add Transcript
            </Button>
          </>
        }
      />
      <div className={styles.layout}>
        <div className={`${styles.card} ${styles.player}`}>
          {file ? <MediaPlayer source={mediaSourceOf(file)} seek={seek} /> : files.isPending ? <Spinner size="small" /> : <Text>The file was not found.</Text>}
        </div>
        <div className={styles.card}>
          <div className={styles.chips} role="group" aria-label="Languages">
            {(['All', ...languages] as const).map((l) => (
              <ToggleButton key={l} size="small" shape="circular" checked={chip === l} appearance={chip === l ? 'primary' : 'secondary'} onClick={() => setChip(l)}>
                {l}
              </ToggleButton>
            ))}
          </div>
          {transcripts.isPending ? (
            <Spinner size="small" label="Loading transcripts…" />
          ) : transcripts.isError ? (
            <MessageBar intent="error">
              <MessageBarBody>{transcripts.error.message}</MessageBarBody>
            </MessageBar>
          ) : groups.length === 0 ? (
            <Text className={styles.muted}>{chip === 'All' ? 'No transcripts yet. Add one or import a caption file.' : `No ${chip} transcripts.`}</Text>
          ) : (
            <Accordion collapsible multiple aria-label="Transcripts">
              {groups.map(([time, lines]) => (
                <AccordionItem key={time} value={time}>
                  <AccordionHeader onClick={() => play(time)}>
                    <span className={styles.header}>
                      <Badge appearance="tint" color="brand">
                        {time}
                      </Badge>
                      <Text className={styles.snippet}>{lines[0]?.captionText}</Text>
                    </span>
                  </AccordionHeader>
                  <AccordionPanel>
                    {lines.map((t) => (
                      <div key={t._id} className={styles.line} data-transcript={t._id}>
                        <Badge appearance="outline" color="informative">
                          {t.language}
                        </Badge>
                        <Text className={styles.caption}>{t.captionText}</Text>
                        <span className={styles.actions}>
                          <Button size="small" appearance="subtle" icon={<PlayRegular />} aria-label={`Play from ${t.timeStamp}`} onClick={() => play(t.timeStamp)} />
                          <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${t.language} transcript at ${t.timeStamp}`} onClick={() => setEditing(t)} />
                          <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={`Delete ${t.language} transcript at ${t.timeStamp}`} onClick={() => setDeleting(t)} />
                        </span>
                      </div>
                    ))}
                  </AccordionPanel>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </div>
      </div>
      <EntityDialog
        open={editing !== null}
        title={record ? 'Edit Transcript' : 'Add Transcript'}
        schema={TranscriptFormSchema}
        fields={fields}
        defaultValues={
          record
            ? { timeStamp: record.timeStamp, captionText: record.captionText, language: record.language }
            : { timeStamp: '', captionText: '', language: chip === 'All' ? '' : chip }
        }
        submitLabel={record ? 'Save' : 'Add'}
        onClose={() => setEditing(null)}
        onSubmit={async (values) =>
          withFallback(
            record
              ? await window.api.videoRepository.updateTranscript({ id: record._id, timeStamp: values.timeStamp, captionText: values.captionText })
              : await window.api.videoRepository.addTranscript({ videoId, ...values }),
            MSG.somethingWentWrong,
          )
        }
        onSuccess={(data) => {
          notify.success((data as { message?: string } | undefined)?.message ?? 'Saved');
          void refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete transcript"
        text={deleting ? `Are you sure you want to delete the ${deleting.language} line at ${deleting.timeStamp}?` : undefined}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {importing ? (
        <ImportDialog
          source={importing}
          videoId={videoId}
          defaultLanguage={chip === 'All' ? '' : chip}
          onClose={() => setImporting(null)}
          onSaved={(language) => {
            setChip(language);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
