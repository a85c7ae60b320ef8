import { plural } from '../../lib/format';
import { useCallback, useId } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Label, Link, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { COURSE_MSG } from '../../../shared/course-messages';
import { TOPIC_DESCRIPTION_MAX, TOPIC_NAME_MAX, TopicFormSchema, type Topic, type TopicList } from '../../../shared/schemas/topics';
import { callQuery } from '../../lib/calls';
import { useCourseLanguage } from '../../lib/preferences';
import { count, link, text } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { LanguageSelect } from '../../components/LanguageSelect';
import { TOPIC_PAGE_SIZE, TOPIC_PAGE_SIZES } from '../../lib/page-sizes';
import { directoryPath } from '../../lib/open-record';

const useStyles = makeStyles({
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  module: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  select: { minWidth: '220px', maxWidth: '320px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const topicsOf = (list: TopicList) => list.topics;
/** A module that holds videos and no topics. */
export const moduleHoldsVideos = (count: number): string => `This module has no topics: it holds ${plural(count, 'video')}.`;
/** The Add Topic form: submit is disabled while the name is empty (spec 1 section 5). */
const nameGiven = (values: Record<string, unknown>) => typeof values.name === 'string' && values.name.trim() !== '';

/** The modules of the remembered language (GET /module): choosing one opens its topics. */
function ModuleSelect({ moduleId }: { moduleId: string }) {
  const styles = useStyles();
  const id = useId();
  const navigate = useNavigate();
  const { language } = useCourseLanguage();
  const modules = useQuery(callQuery('videoRepository.modules'));
  const shown = (modules.data ?? []).filter((m) => !language || m.language === language || m._id === moduleId);
  if (modules.isError) {
    return (
      <Text role="alert" className={styles.error}>
        {COURSE_MSG.unableToFetchModules}
      </Text>
    );
  }
  return (
    <div className={styles.module}>
      <Label htmlFor={id}>Module</Label>
      <Select id={id} className={styles.select} value={moduleId} disabled={modules.isPending} onChange={(_e, d) => navigate(`/modules/${encodeURIComponent(d.value)}`)}>
        {modules.isPending ? <option value={moduleId}>Loading…</option> : null}
        {shown.map((m) => (
          <option key={m._id} value={m._id}>
            {m.courseName}: {m.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** /modules/{moduleId}: the topics of one module (spec 1 section 2, Topics). */
export default function TopicsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const moduleId = useParams().moduleId ?? '';
  const listQuery = callQuery('videoRepository.topics', { moduleId });
  const list = useQuery(listQuery).data;
  const info = list?.moduleInfo;
  // A module without topics may hold videos (a videos-only course): the screen says so and where they are.
  const noTopics = !!list && list.topics.length === 0;
  const held = useQuery({ ...callQuery('videoRepository.document', { id: moduleId }), enabled: noTopics }).data;
  const heldVideos = noTopics && held ? held.descendants.filter((d) => d.type === 'file').length : 0;
  const directoryOfModule = info ? directoryPath(info.courseId, [info._id]) : '';
  const topics = resource<Topic>({
    name: 'Topic',
    bulk: { names: ['topic', 'topics'], label: (t) => t.name },
    form: {
      add: recordForm({
        schema: TopicFormSchema,
        fields: [
          { kind: 'text', name: 'name', label: 'Topic name', required: true, maxLength: TOPIC_NAME_MAX },
          { kind: 'textarea', name: 'description', label: 'Description', rows: 3, maxLength: TOPIC_DESCRIPTION_MAX },
        ],
        defaults: { name: '', description: '' },
        canSubmit: nameGiven,
        failureFallback: COURSE_MSG.topicNotAdded,
      }),
      edit: null,
    },
    create: call('videoRepository.addTopic', { fallback: COURSE_MSG.topicNotAdded }, (values: { name: string; description: string }) => ({ ...values, moduleId })),
    reorder: call('videoRepository.topicSequence', { fallback: COURSE_MSG.somethingWentWrong }, (rows: Topic[]) => ({ topics: rows.map((t) => t._id) })),
  });

  const columns = useCallback(
    (_actions: ScreenActions<Topic>) => {
      const open = (t: Topic) => navigate(`/topics/${encodeURIComponent(t._id)}`);
      return [
        link<Topic>('name', 'Topic Name', open, (t) => `Open the videos of ${t.name}`, { width: 280 }),
        text<Topic>('description', 'Description'),
        count<Topic>('videoCount', 'Video count', (t) => t.videoCount, open, (t) => `${plural(t.videoCount, 'video')} of ${t.name}`, { width: 120 }),
      ];
    },
    [navigate],
  );

  const back = () => (info ? navigate(directoryPath(info.courseId, [])) : navigate('/course'));

  return (
    <ResourceScreen<Topic, TopicList>
      resource={topics}
      viewKey="Topics of a module"
      title={info ? `Topics of ${info.name}` : 'Topics'}
      subtitle={
        info ? (
          <>
            {`${info.courseName} · ${info.language}`}
            {heldVideos > 0 ? (
              <>
                {` · ${moduleHoldsVideos(heldVideos)} `}
                <Link onClick={() => navigate(directoryOfModule)}>Open {info.name} in the course directory</Link>
              </>
            ) : null}
          </>
        ) : undefined
      }
      breadcrumb={[
        { label: 'Courses', to: '/course' },
        ...(info ? [{ label: info.courseName, to: directoryPath(info.courseId, []) }, { label: info.name, to: directoryOfModule }] : []),
        { label: 'Topics' },
      ]}
      headerActions={
        <div className={styles.actions}>
          <LanguageSelect />
          <ModuleSelect moduleId={moduleId} />
          <Button icon={<ArrowLeftRegular />} onClick={back}>
            Back
          </Button>
        </div>
      }
      list={listQuery}
      rows={topicsOf}
      rowId={(t) => t._id}
      columns={columns}
      search={{ placeholder: 'Search topics' }}
      pageSize={TOPIC_PAGE_SIZE}
      pageSizes={TOPIC_PAGE_SIZES}
      emptyText={heldVideos > 0 ? `${moduleHoldsVideos(heldVideos)} They are listed in the course directory, not here.` : 'This module has no topics yet.'}
      addDisabled={list?.disallowTopicAddition ? 'This course has only videos: its modules hold videos, not topics.' : !list ? 'Loading…' : false}
    />
  );
}
