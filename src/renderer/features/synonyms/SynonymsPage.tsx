import { Tooltip } from '../../components/Tooltip';
import { ENGAGEMENT_TEXT as T } from '../../../shared/engagement-messages';
import { MSG } from '../../../shared/messages';
import {
  SYNONYM_GROUP_MAX,
  SynonymDraftSchema,
  type SynonymDraft,
  type SynonymGroup,
} from '../../../shared/schemas/synonyms';
import { callQuery, useCallMutation } from '../../lib/calls';
import { text, value } from '../../kit/columns';
import { relativeDate } from '../../kit/RelativeDate';
import { ListScreen, form, type ScreenActions } from '../../kit/ListScreen';
import { SYNONYM_PAGE_SIZE, SYNONYM_PAGE_SIZES } from '../../lib/page-sizes';

const invalidates = ['library.synonyms', 'library.keywords'] as const;

/** Number Of Synonyms: the count, and the list on hover (spec 2 section 2). */
const synonymCount = value<SynonymGroup>('count', 'Number Of Synonyms', (r) => r.synonyms.length, {
  width: 180,
  align: 'center',
  searchValue: (r) => r.synonyms.join(' '),
  cell: (r) => (
    <Tooltip content={r.synonyms.join(', ')} relationship="description" withArrow>
      <span tabIndex={0} aria-label={`${r.synonyms.length} synonyms of ${r.keyword}`}>
        {r.synonyms.length}
      </span>
    </Tooltip>
  ),
});

const columns = ({ editColumn }: ScreenActions<SynonymGroup>) => [
  text<SynonymGroup>('keyword', 'Groups'),
  synonymCount,
  relativeDate<SynonymGroup>('updatedAt', 'Last updated on', (r) => r.updatedAt, { width: 170 }),
  editColumn((r) => `Edit ${r.keyword}`),
];

/** Submit looks active only with a group and at least one synonym (spec 2 section 2). */
const ready = (values: Partial<SynonymDraft>) => !!values.keyword?.trim() && (values.synonyms ?? []).some((s) => s.trim() !== '');

export default function SynonymsPage() {
  const add = useCallMutation('library.addSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupAdded, invalidates });
  const update = useCallMutation('library.updateSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupUpdated, invalidates });
  const editor = (record: SynonymGroup | null) =>
    form({
      title: record ? 'Edit Synonym' : 'Add Synonym',
      schema: SynonymDraftSchema,
      fields: [
        { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: SYNONYM_GROUP_MAX },
        { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true, placeholder: 'Type synonyms separated by commas' },
      ],
      defaults: record ? { keyword: record.keyword, synonyms: [...record.synonyms] } : { keyword: '', synonyms: [] },
      ready,
      submit: (values) => (record ? update.run({ id: record._id, ...values }) : add.run(values)),
    });
  return (
    <ListScreen
      title="Synonyms"
      subtitle="Keyword groups and the words that mean the same."
      list={callQuery('library.synonyms')}
      rowId={(r) => r._id}
      columns={columns}
      pageSize={SYNONYM_PAGE_SIZE}
      pageSizes={SYNONYM_PAGE_SIZES}
      emptyText="No synonym groups yet."
      addLabel="Add Synonym"
      editor={editor}
    />
  );
}
