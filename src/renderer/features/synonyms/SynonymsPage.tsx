import { Tooltip } from '../../components/Tooltip';
import { ENGAGEMENT_TEXT as T } from '../../../shared/engagement-messages';
import { MSG } from '../../../shared/messages';
import {
  SYNONYM_GROUP_MAX,
  SynonymDraftSchema,
  type SynonymDraft,
  type SynonymGroup,
} from '../../../shared/schemas/synonyms';
import { callQuery } from '../../lib/calls';
import { plural } from '../../lib/format';
import { text, value } from '../../kit/columns';
import { relativeDate } from '../../kit/RelativeDate';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { SYNONYM_PAGE_SIZE, SYNONYM_PAGE_SIZES } from '../../lib/page-sizes';

/** Number Of Synonyms: the count, and the list on hover (spec 2 section 2). */
const synonymCount = value<SynonymGroup>('count', 'Number Of Synonyms', (r) => r.synonyms.length, {
  width: 180,
  align: 'center',
  searchValue: (r) => r.synonyms.join(' '),
  cell: (r) => (
    <Tooltip content={r.synonyms.join(', ')} relationship="description" withArrow>
      <span tabIndex={0} aria-label={`${plural(r.synonyms.length, 'synonym')} of ${r.keyword}`}>
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

const synonymGroups = resource<SynonymGroup>({
  name: 'Synonym',
  form: recordForm({
    schema: SynonymDraftSchema,
    fields: [
      { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: SYNONYM_GROUP_MAX },
      { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true, placeholder: 'Type synonyms separated by commas' },
    ],
    defaults: { keyword: '', synonyms: [] },
    values: (record: SynonymGroup) => ({ keyword: record.keyword, synonyms: [...record.synonyms] }),
    ready,
  }),
  create: call('library.addSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupAdded }),
  update: call('library.updateSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupUpdated }),
  bulk: { names: ['group', 'groups'], label: (r) => r.keyword },
});

export default function SynonymsPage() {
  return (
    <ResourceScreen
      title="Synonyms"
      subtitle="Keyword groups and the words that mean the same."
      resource={synonymGroups}
      list={callQuery('library.synonyms')}
      rowId={(r) => r._id}
      columns={columns}
      pageSize={SYNONYM_PAGE_SIZE}
      pageSizes={SYNONYM_PAGE_SIZES}
      emptyText="No synonym groups yet."
    />
  );
}
