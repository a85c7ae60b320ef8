import type * as v from 'valibot';
import { RESOURCE_TYPES, ResourceDraftSchema, type Resource } from '../../../shared/schemas/question-bank';
import { LANGUAGES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { CallError } from '../../../shared/result';
import { callQuery } from '../../lib/calls';
import { date, text } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { optionsOf } from '../../components/EntityDialog';

/**
 * A platform server without the add and update calls answers 404 (no such route) or 405, or fails
 * without a message: the spec's fallback 'Resource Not Added, Please Try Again' shows then. A 404 of
 * the update that carries the server's own message (the resource was removed) keeps that message.
 */
const rules = (mode: 'add' | 'edit') => ({
  fallback: MSG.resourceNotAdded,
  override: (error: CallError) => (error.status === 405 || (error.status === 404 && mode === 'add') ? MSG.resourceNotAdded : null),
  successFallback: mode === 'add' ? 'Resource has been Added' : 'Resource has been Updated',
});

const columns = ({ editColumn, deleteColumn }: ScreenActions<Resource>) => [
  text<Resource>('slNo', 'Serial No', { width: 104 }),
  text<Resource>('title', 'Title'),
  text<Resource>('language', 'Language', { width: 130 }),
  text<Resource>('type', 'Type', { width: 120 }),
  date<Resource>('updatedOn', 'Updated On', (r) => r.metaInfo.updated.at, { width: 150 }),
  editColumn((r) => `Edit ${r.title}`),
  deleteColumn((r) => `Delete ${r.title}`),
];

const resourceRecords = resource<Resource>({
  name: 'Resource',
  form: recordForm({
    schema: ResourceDraftSchema,
    fields: [
      { kind: 'text', name: 'title', label: 'Title', required: true, maxLength: 200 },
      { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
      { kind: 'select', name: 'type', label: 'Type', required: true, options: optionsOf(RESOURCE_TYPES), placeholder: 'Select a type' },
    ],
    defaults: { title: '' } as v.InferInput<typeof ResourceDraftSchema>,
    values: (record: Resource) => ({ title: record.title, language: record.language, type: record.type }),
    failureFallback: MSG.resourceNotAdded,
  }),
  create: call('questionBank.addResource', rules('add')),
  update: call('questionBank.updateResource', rules('edit')),
  // An addition, like add and edit: the spec has no delete; Undo after a delete needs one.
  remove: {
    ...call('questionBank.deleteResource', { fallback: 'Resource Not Deleted, Please Try Again', successFallback: 'Resource has been Deleted' }),
    title: 'Delete Resource',
    question: (r) => `Are you sure you want to delete the resource "${r.title}"?`,
  },
  bulk: { names: ['resource', 'resources'], label: (r) => r.title },
});

export default function ResourcesPage() {
  return (
    <ResourceScreen
      title="Resources"
      subtitle="Learning resources by language and type."
      resource={resourceRecords}
      list={callQuery('questionBank.resources')}
      rowId={(r) => r._id}
      columns={columns}
      pageSize={20}
      pageSizes={[20, 50, 100]}
      emptyText="No resources yet."
    />
  );
}
