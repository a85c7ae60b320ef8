import { useCallback } from 'react';
import { Link } from '@fluentui/react-components';
import { LANGUAGES } from '../../../shared/constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../../../shared/engagement-messages';
import { QUOTE_TITLE_MAX, QuoteCreateSchema, quotesOf, type Quote, type QuoteCreateInput } from '../../../shared/schemas/quotes';
import { optionsOf } from '../../components/EntityDialog';
import { callQuery } from '../../lib/calls';
import { useGroupOptions } from '../../lib/lookups';
import { authored, text, value } from '../../kit/columns';
import type { ScreenActions } from '../../kit/ListScreen';
import { ResourceScreen, call, recordForm, resource } from '../../kit/Resource';
import { ENGAGEMENT_PAGE_SIZE } from '../../lib/page-sizes';

/** Quote: its text, a link to its media when it has one (spec 2 section 2). */
const quoteColumn = value<Quote>('title', 'Quote', (r) => r.title, {
  minWidth: 200,
  cell: (r) =>
    r.thumbnail ? (
      <Link href={r.thumbnail} target="_blank" rel="noreferrer noopener" title={`Open the image of "${r.title}"`}>
        {r.title}
      </Link>
    ) : (
      r.title
    ),
});

const columns = ({ deleteColumn }: ScreenActions<Quote>) => [
  text<Quote>('id', 'Quote ID', { width: 100 }),
  text<Quote>('language', 'Language', { width: 120, filter: 'select', filterOptions: LANGUAGES }),
  quoteColumn,
  ...authored<Quote>((r) => r.metaInfo),
  deleteColumn((r) => `Delete quote ${r.id}`),
];

export default function QuotesPage() {
  const groups = useGroupOptions();
  const quotes = resource<Quote>({
    name: 'Quote',
    form: {
      add: recordForm({
        schema: QuoteCreateSchema,
        fields: [
          { kind: 'textarea', name: 'title', label: 'Quote', required: true, maxLength: QUOTE_TITLE_MAX, rows: 3 },
          { kind: 'select', name: 'language', label: 'Language', required: true, options: optionsOf(LANGUAGES), placeholder: 'Select a language' },
          { kind: 'multiselect', name: 'keywords', label: 'Groups', required: true, options: groups, placeholder: 'Select groups' },
          { kind: 'file', name: 'thumbnail', label: 'Image', pick: 'image', hint: 'Recommended 800 x 800.' },
        ],
        defaults: { title: '', keywords: [] } satisfies QuoteCreateInput,
        failureFallback: M.errorInPost,
      }),
      edit: null,
    },
    // The spec's one text for a quote add that failed: with an answer that says nothing, and with none at all.
    create: call('library.addQuote', { fallback: M.errorInPost, override: (e) => (e.kind === 'network' ? M.errorInPost : null), successFallback: T.quoteAdded }),
    remove: {
      ...call('library.deleteQuote', { fallback: M.unableToDelete, successFallback: T.quoteDeleted }),
      title: 'Delete quote',
      question: (r) => `Are you sure you want to delete the quote "${r.title}"?`,
    },
    bulk: { names: ['quote', 'quotes'], label: (r) => r.title },
  });
  const rows = useCallback(quotesOf, []);
  return (
    <ResourceScreen
      title="Quotes"
      subtitle="Motivational quotes by language."
      resource={quotes}
      list={callQuery('library.quotes')}
      rows={rows}
      rowId={(r) => r._id}
      columns={columns}
      pageSize={ENGAGEMENT_PAGE_SIZE}
      pageSizes={[ENGAGEMENT_PAGE_SIZE]}
      emptyText="No quotes yet."
    />
  );
}
