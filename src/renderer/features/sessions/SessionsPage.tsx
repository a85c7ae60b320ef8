import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Tooltip } from '../../components/Tooltip';
import { LinkRegular, NotepadRegular, SettingsRegular } from '@fluentui/react-icons';
import { LANGUAGES } from '../../../shared/constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../../../shared/engagement-messages';
import { MSG } from '../../../shared/messages';
import type { CallError } from '../../../shared/result';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LEVELS,
  EVENT_TITLE_MAX,
  SessionCreateSchema,
  eventJoinLinks,
  formatEventDuration,
  minutesBetween,
  type Session,
  type SessionCreateInput,
} from '../../../shared/schemas/sessions';
import { ContentDialog } from '../../components/ContentDialog';
import { EntityDialog, optionsOf, type FieldDescriptor } from '../../components/EntityDialog';
import { useNotify } from '../../components/toast';
import { callQuery } from '../../lib/calls';
import { copyText } from '../../lib/clipboard';
import { isoDateOf } from '../../lib/field-values';
import { useBusinessIdeaOptions, useGroupOptions, useMentorOptions } from '../../lib/lookups';
import { useMeetingPreviewBase } from '../../lib/preferences';
import { action, lastUpdated, tags, text, value } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { ENGAGEMENT_PAGE_SIZE } from '../../lib/page-sizes';

const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalXS },
  description: { whiteSpace: 'pre-wrap' },
  duration: { minHeight: '32px', display: 'flex', alignItems: 'center' },
});

/** The duration the times make: '1 hr 30 min', or a dash until both are set and start is before end. */
function ComputedDuration({ start, end }: { start: unknown; end: unknown }) {
  const styles = useStyles();
  const minutes = typeof start === 'string' && typeof end === 'string' ? minutesBetween(start, end) : Number.NaN;
  return (
    <Text className={styles.duration} aria-live="polite">
      {minutes > 0 ? formatEventDuration(minutes) : '—'}
    </Text>
  );
}

/** One join link per role; a click copies it. */
function JoinLinks({ row, roles, base }: { row: Session; roles: readonly string[]; base: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const copy = async (url: string) => {
    if (await copyText(url)) notify.success(M.eventLinkCopied);
    else notify.error('The link could not be copied.');
  };
  return (
    <span className={styles.links}>
      {eventJoinLinks(base, row.sessionId, roles).map(({ role, url }) => (
        <Tooltip key={role} content={url} relationship="description">
          <Button size="small" appearance="secondary" icon={<LinkRegular />} aria-label={`Copy the ${role} link of ${row.eventName}`} onClick={() => void copy(url)}>
            {role}
          </Button>
        </Tooltip>
      ))}
    </span>
  );
}

/**
 * The spec's two texts of a failed save: 'Event Not Updated, ...' when the server answers without
 * success (and without a message of its own), 'Error in Update, ...' when no answer came.
 */
const updateRules = {
  fallback: M.eventNotUpdated,
  override: (error: CallError) => (error.kind === 'network' ? M.errorInUpdate : null),
  successFallback: T.eventUpdated,
};

/** The form's values: the schema's, with the duration computed rather than typed. */
const EventFormSchema = SessionCreateSchema;
type EventForm = SessionCreateInput;

const emptyEvent: EventForm = {
  eventName: '',
  description: '',
  eventDate: '',
  startTime: '',
  endTime: '',
  keywords: [],
  businessIdeas: [],
  attendees: [],
  level: 0,
  email: '',
  mobileNumber: '',
  organisation: '',
  designation: '',
};

const valuesOf = (s: Session): EventForm => ({
  eventName: s.eventName,
  description: s.description,
  eventDate: s.date,
  startTime: s.startTime,
  endTime: s.endTime,
  language: s.language,
  keywords: [...s.keywords],
  businessIdeas: [...s.businessIdeas],
  attendees: [...s.attendees],
  level: s.level,
  email: s.email,
  mobileNumber: s.mobileNumber,
  organisation: s.organisation,
  designation: s.designation,
});

/** The duration is computed from the start and end, not typed. */
const withDuration = (values: v.InferOutput<typeof EventFormSchema>) => ({ ...values, eventDuration: minutesBetween(values.startTime, values.endTime) });

const PreviewBaseSchema = v.object({
  url: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter the address.'), v.regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, 'The address must start with https://')),
});

export default function SessionsPage() {
  const styles = useStyles();
  const groups = useGroupOptions();
  const ideas = useBusinessIdeaOptions();
  const mentors = useMentorOptions();
  const { base, setBase } = useMeetingPreviewBase();
  const [describing, setDescribing] = useState<Session | null>(null);
  const [settingBase, setSettingBase] = useState(false);
  // The same query as the list's (one fetch): the roles the join links are made for.
  const roles = useQuery({ ...callQuery('mentorship.sessions'), select: (d) => d.roles }).data ?? [];
  const rolesKey = roles.join('\n');

  const columns = useCallback(
    ({ editColumn, deleteColumn }: ScreenActions<Session>) => [
      text<Session>('eventName', 'Event'),
      value<Session>('links', 'Event link', (r) => r.sessionId, {
        sortable: false,
        searchable: false,
        width: 254,
        cell: (r) => <JoinLinks row={r} roles={rolesKey ? rolesKey.split('\n') : []} base={base} />,
      }),
      // In a narrow window the stamp goes first, then the duration (the time gives it), then the time.
      tags<Session>('time', 'Time', (r) => [`${r.startTime} - ${r.endTime}`], { width: 116, priority: 1 }),
      tags<Session>('date', 'Date', (r) => [r.date], { width: 106, sortBy: (r) => isoDateOf(r.date) }),
      tags<Session>('duration', 'Duration', (r) => [formatEventDuration(r.duration)], { width: 112, sortBy: (r) => r.duration, priority: 2 }),
      lastUpdated<Session>((r) => r.metaInfo, undefined, { priority: 3 }),
      action<Session>('description', 'Description', { label: (r) => `Description of ${r.eventName}`, icon: <NotepadRegular />, onClick: setDescribing, width: 96 }),
      editColumn((r) => `Edit ${r.eventName}`),
      deleteColumn((r) => `Delete ${r.eventName}`),
    ],
    [rolesKey, base],
  );

  const fields = (record: Session | null): FieldDescriptor<keyof EventForm & string>[] => [
    { kind: 'text', name: 'eventName', label: 'Event Title', required: true, maxLength: EVENT_TITLE_MAX },
    { kind: 'textarea', name: 'description', label: 'Event Description', required: true, maxLength: EVENT_DESCRIPTION_MAX, rows: 3 },
    { kind: 'date', name: 'eventDate', label: 'Event Date', required: true },
    { kind: 'time', name: 'startTime', label: 'Start Time', required: true },
    { kind: 'time', name: 'endTime', label: 'End Time', required: true },
    { kind: 'custom', name: 'eventDuration', label: 'Duration', render: ({ values }) => <ComputedDuration start={values.startTime} end={values.endTime} /> },
    { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
    { kind: 'multiselect', name: 'keywords', label: 'Groups', required: true, options: groups, placeholder: 'Select groups' },
    { kind: 'multiselect', name: 'businessIdeas', label: 'Business Ideas', required: true, options: ideas, placeholder: 'Select business ideas', bulk: true, noun: 'business ideas' },
    { kind: 'select', name: 'level', label: 'Level', required: true, options: optionsOf(EVENT_LEVELS), placeholder: 'Select a level', numeric: true },
    { kind: 'multiselect', name: 'attendees', label: 'Mentors', required: true, options: mentors, placeholder: 'Select mentors' },
    { kind: 'email', name: 'email', label: 'Contact email', hint: "Blank: the first mentor's." },
    { kind: 'tel', name: 'mobileNumber', label: 'Contact mobile number', hint: "Blank: the first mentor's." },
    { kind: 'text', name: 'organisation', label: 'Organisation', hint: "Blank: the first mentor's." },
    { kind: 'text', name: 'designation', label: 'Designation', hint: "Blank: the first mentor's." },
    { kind: 'file', name: 'thumbnail', label: 'Thumbnail', pick: 'image', hint: 'Recommended 800 x 800.', stored: record?.thumbnail ? 'Current thumbnail' : undefined },
  ];

  const events = resource<Session>({
    name: 'Event',
    form: (record) =>
      recordForm({
        schema: EventFormSchema,
        // Fifteen fields: short ones pair up, as in Add File.
        columns: 2,
        fields: fields(record),
        defaults: emptyEvent,
        values: valuesOf,
        failureFallback: record ? M.eventNotUpdated : MSG.somethingWentWrong,
      }),
    create: call('mentorship.addSession', { fallback: MSG.somethingWentWrong, successFallback: T.eventAdded }, withDuration),
    update: call('mentorship.updateSession', updateRules, ({ values, record }: { values: v.InferOutput<typeof EventFormSchema>; record: Session }) => ({ id: record._id, ...withDuration(values) })),
    remove: {
      ...call('mentorship.deleteSession', { fallback: M.unableToDelete, successFallback: T.eventDeleted }),
      title: 'Delete event',
      question: (r) => `Are you sure you want to delete the event ${r.eventName}?`,
    },
    bulk: { names: ['event', 'events'], label: (r) => r.eventName },
  });

  return (
    <ResourceScreen
      title="Events"
      subtitle="Mentorship sessions, with a join link per role."
      resource={events}
      list={callQuery('mentorship.sessions')}
      rows={sessionsOf}
      rowId={(r) => r._id}
      columns={columns}
      pageSize={ENGAGEMENT_PAGE_SIZE}
      pageSizes={[ENGAGEMENT_PAGE_SIZE]}
      emptyText="No events yet."
      toolbar={
        <Button icon={<SettingsRegular />} onClick={() => setSettingBase(true)}>
          Link address
        </Button>
      }
    >
      <ContentDialog open={describing !== null} title={describing ? describing.eventName : 'Description'} onClose={() => setDescribing(null)}>
        <Text className={styles.description}>{describing?.description}</Text>
      </ContentDialog>
      <EntityDialog
        open={settingBase}
        title="Join link address"
        intro={<Text>The meeting provider's preview address. Each link is this address, the event's session id and the role.</Text>}
        schema={PreviewBaseSchema}
        fields={[{ kind: 'text', name: 'url', label: 'Preview address', required: true, maxLength: 2048 }]}
        defaultValues={{ url: base }}
        onClose={() => setSettingBase(false)}
        onSubmit={async ({ url }) => {
          setBase(url.replace(/\/+$/, ''));
          return { ok: true, data: null };
        }}
      />
    </ResourceScreen>
  );
}

const sessionsOf = (data: { session: Session[] }) => data.session;
