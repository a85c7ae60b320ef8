import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Spinner, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowUploadRegular, DeleteRegular, EditRegular, PlayRegular } from '@fluentui/react-icons';
import { looksLikeCaptions, notCaptionFile, parseCaptionsDetailed } from '../../../shared/captions';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { TranscriptFormSchema, type Transcript } from '../../../shared/schemas/transcripts';
import { callQuery } from '../../lib/calls';
import type { FieldDescriptor } from '../../components/EntityDialog';
import { RecordDialogs, useRecordDialogs } from '../../kit/RecordDialogs';
import { call, recordForm, resource, useResource } from '../../kit/Resource';
import { TimedEntriesAccordion, TimedEntriesScreen, useLibraryFile, usePlayFrom } from './TimedEntries';
import { useNotify } from '../../components/toast';
import { ImportDialog, type ImportSource } from './TranscriptImportDialog';

const useStyles = makeStyles({
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  line: {
    display: 'grid',
    gridTemplateColumns: '88px minmax(0, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  caption: { whiteSpace: 'pre-wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

type FormKey = 'timeStamp' | 'captionText' | 'language';

/** Import .vtt/.srt: the file picked and read, its captions parsed (the dialog then places them). */
function useCaptionImport() {
  const notify = useNotify();
  const [importing, setImporting] = useState<ImportSource | null>(null);
  const [importBusy, setImportBusy] = useState(false);
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
      if (!looksLikeCaptions(read.data.text)) return notify.error(notCaptionFile(read.data.name));
      setImporting({ name: read.data.name, cues });
    } finally {
      setImportBusy(false);
    }
  };
  return { importing, setImporting, importBusy, startImport };
}

export default function TranscriptsPage() {
  const styles = useStyles();
  // The Video Library opens this screen with { videoId } in router state; a reload keeps ?videoId=.
  const media = useLibraryFile('videoId');
  const videoId = media.fileId;
  const { seek, play } = usePlayFrom();

  const [chip, setChip] = useState<Language | 'All'>('All');
  const { importing, setImporting, importBusy, startImport } = useCaptionImport();

  const transcripts = useQuery({ ...callQuery('videoRepository.transcripts', { videoId: videoId ?? '' }), enabled: !!videoId });
  const rules = { fallback: MSG.somethingWentWrong };
  const fields = (entry: Transcript | null): FieldDescriptor<FormKey>[] => [
    { kind: 'text', name: 'timeStamp', label: 'Timestamp', required: true, placeholder: 'HH:mm:ss', hint: 'HH:mm:ss, e.g. 00:01:30' },
    { kind: 'textarea', name: 'captionText', label: 'Caption', required: true, rows: 3 },
    entry
      ? { kind: 'select', name: 'language', label: 'Language', disabled: true, hint: MSG.cannotEditTranscriptLanguage, options: LANGUAGES.map((l) => ({ value: l, label: l })) }
      : { kind: 'select', name: 'language', label: 'Language', required: true, placeholder: 'Select Language', options: LANGUAGES.map((l) => ({ value: l, label: l })) },
  ];
  type Values = { timeStamp: string; captionText: string; language: Language };
  const { editor, remove } = useResource(
    resource<Transcript>({
      name: 'Transcript',
      form: (entry) =>
        recordForm({
          schema: TranscriptFormSchema,
          fields: fields(entry),
          defaults: { timeStamp: '', captionText: '', language: chip === 'All' ? '' : chip },
          values: (t: Transcript) => ({ timeStamp: t.timeStamp, captionText: t.captionText, language: t.language }),
        }),
      create: call('videoRepository.addTranscript', rules, (values: Values) => ({ videoId: videoId ?? '', ...values })),
      // The language of a line cannot change: only its time and text go.
      update: call('videoRepository.updateTranscript', rules, ({ values, record }: { values: Values; record: Transcript }) => ({ id: record._id, timeStamp: values.timeStamp, captionText: values.captionText })),
      remove: {
        ...call('videoRepository.deleteTranscript', rules),
        title: 'Delete transcript',
        question: (t) => `Are you sure you want to delete the ${t.language} line at ${t.timeStamp}?`,
      },
    }),
    (t) => t._id,
  );
  const dialogs = useRecordDialogs(remove);

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

  const missingText = 'Open the transcripts of a file from the Video Library (Add Transcripts).';

  return (
    <TimedEntriesScreen
      title="Transcripts"
      media={media}
      missingText={missingText}
      seek={seek}
      actions={
        <>
          <Button icon={importBusy ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={importBusy} onClick={() => void startImport()}>
            Import .vtt/.srt
          </Button>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => dialogs.edit('add')}>
            Add Transcript
          </Button>
        </>
      }
    >
      <div className={styles.chips} role="group" aria-label="Languages">
        {(['All', ...languages] as const).map((l) => (
          <ToggleButton key={l} size="small" shape="circular" checked={chip === l} appearance={chip === l ? 'primary' : 'secondary'} onClick={() => setChip(l)}>
            {l}
          </ToggleButton>
        ))}
      </div>
      <TimedEntriesAccordion
        label="Transcripts"
        query={transcripts}
        loadingLabel="Loading transcripts…"
        emptyText={chip === 'All' ? 'No transcripts yet. Add one or import a caption file.' : `No ${chip} transcripts.`}
        entries={groups}
        headerOf={([time, lines]) => ({ key: time, timestamp: time, summary: lines[0]?.captionText ?? '' })}
        summaryStyle="snippet"
        onPlay={play}
      >
        {([, lines]) =>
          lines.map((t) => (
            <div key={t._id} className={styles.line} data-transcript={t._id}>
              <Badge appearance="outline" color="informative">
                {t.language}
              </Badge>
              <Text className={styles.caption}>{t.captionText}</Text>
              <span className={styles.actions}>
                <Button size="small" appearance="subtle" icon={<PlayRegular />} aria-label={`Play from ${t.timeStamp}`} onClick={() => play(t.timeStamp)} />
                <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${t.language} transcript at ${t.timeStamp}`} onClick={() => dialogs.edit(t)} />
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={`Delete ${t.language} transcript at ${t.timeStamp}`} onClick={() => dialogs.deletion.ask(t)} />
              </span>
            </div>
          ))
        }
      </TimedEntriesAccordion>
      <RecordDialogs state={dialogs} rowId={(t) => t._id} remove={remove} editor={editor} />
      {importing && videoId ? (
        <ImportDialog
          source={importing}
          videoId={videoId}
          defaultLanguage={chip === 'All' ? '' : chip}
          onClose={() => setImporting(null)}
          onSaved={setChip}
        />
      ) : null}
    </TimedEntriesScreen>
  );
}
