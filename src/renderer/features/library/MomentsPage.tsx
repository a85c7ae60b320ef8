import { useMemo } from 'react';
import * as v from 'valibot';
import { useQuery } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, PlayRegular } from '@fluentui/react-icons';
import { MSG } from '../../../shared/messages';
import { MomentDraftSchema, type Moment } from '../../../shared/schemas/library';
import { callQuery } from '../../lib/calls';
import type { FieldDescriptor } from '../../components/EntityDialog';
import { secondsOf } from '../../components/MediaPreview';
import { RecordDialogs, useRecordDialogs } from '../../kit/RecordDialogs';
import { call, recordForm, resource, useResource } from '../../kit/Resource';
import { TimedEntriesAccordion, TimedEntriesScreen, useLibraryFile, usePlayFrom } from './TimedEntries';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalM },
  transcript: { whiteSpace: 'pre-wrap', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Draft = { timestamp: string; description: string; transcript: string };

const FIELDS: FieldDescriptor<keyof Draft>[] = [
  { kind: 'text', name: 'timestamp', label: 'Timestamp', required: true, placeholder: 'HH:mm:ss', hint: 'HH:mm:ss, e.g. 00:01:30' },
  { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 2, maxLength: 1000 },
  { kind: 'textarea', name: 'transcript', label: 'Transcript', required: true, rows: 4, maxLength: 10_000 },
];

/** Seconds as HH:mm:ss. */
const clock = (seconds: number) => [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), Math.floor(seconds % 60)].map((n) => String(n).padStart(2, '0')).join(':');

export default function MomentsPage() {
  const styles = useStyles();
  // The Video Library opens this screen with the file in router state; a reload keeps ?fileId=.
  const media = useLibraryFile('fileId');
  const { fileId } = media;
  // A known duration bounds the timestamp (a moment at 00:00:09 of a 5-second video cannot play).
  const duration = media.file?.duration ?? 0;
  const momentSchema = useMemo(
    () =>
      duration > 0
        ? v.pipe(
            MomentDraftSchema,
            v.forward(
              // partialCheck: runs once the timestamp itself is valid (the form resolver may still stop at an earlier field).
              v.partialCheck([['timestamp']], (m) => secondsOf(m.timestamp) <= duration, `The moment must be within the video (${clock(duration)}).`),
              ['timestamp'],
            ),
          )
        : MomentDraftSchema,
    [duration],
  );
  const { seek, play } = usePlayFrom();

  const moments = useQuery({ ...callQuery('library.moments', { fileId: fileId ?? '' }), enabled: !!fileId });
  const sorted = useMemo(() => [...(moments.data ?? [])].sort((a, b) => a.timestamp.localeCompare(b.timestamp)), [moments.data]);
  const rules = { fallback: MSG.momentNotAdded };
  const { editor, remove } = useResource(
    resource<Moment>({
      name: 'Moment',
      form: recordForm({
        schema: momentSchema,
        fields: FIELDS,
        defaults: { timestamp: '', description: '', transcript: '' },
        values: (m: Moment) => ({ timestamp: m.timestamp, description: m.description, transcript: m.transcript }),
        failureFallback: MSG.momentNotAdded,
      }),
      create: call('library.addMoment', rules, (values: Draft) => ({ fileId: fileId ?? '', ...values })),
      update: call('library.updateMoment', rules),
      remove: {
        ...call('library.deleteMoment', { fallback: MSG.somethingWentWrong }),
        title: 'Delete moment',
        question: (m) => `Are you sure you want to delete the moment at ${m.timestamp} (${m.description})?`,
      },
    }),
    (m) => m._id,
  );
  const dialogs = useRecordDialogs(remove);

  const missingText = 'Open the moments of a file from the Video Library (Update Moments).';

  return (
    <TimedEntriesScreen
      title="Video Moments"
      media={media}
      missingText={missingText}
      seek={seek}
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={() => dialogs.edit('add')}>
          Add Moment
        </Button>
      }
    >
      <TimedEntriesAccordion
        label="Moments"
        query={moments}
        loadingLabel="Loading moments…"
        emptyText="No moments yet. Add the first one."
        entries={sorted}
        headerOf={(m) => ({ key: m._id, timestamp: m.timestamp, summary: m.description })}
        summaryStyle="title"
        onPlay={play}
      >
        {(m) => (
          <div className={styles.panel}>
            <Text className={styles.transcript}>{m.transcript}</Text>
            <div className={styles.actions}>
              <Button size="small" icon={<PlayRegular />} onClick={() => play(m.timestamp)}>
                Play from {m.timestamp}
              </Button>
              <Button size="small" icon={<EditRegular />} onClick={() => dialogs.edit(m)}>
                Edit
              </Button>
              <Button size="small" icon={<DeleteRegular />} onClick={() => dialogs.deletion.ask(m)}>
                Delete
              </Button>
            </div>
          </div>
        )}
      </TimedEntriesAccordion>
      <RecordDialogs state={dialogs} rowId={(m) => m._id} remove={remove} editor={editor} />
    </TimedEntriesScreen>
  );
}
