import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ENGAGEMENT_TEXT as T } from '../../shared/engagement-messages';
import { MSG } from '../../shared/messages';
import { SynonymDraftSchema, type SynonymGroup } from '../../shared/schemas/synonyms';
import { quotesOf, type Quote } from '../../shared/schemas/quotes';
import type { Result } from '../../shared/result';
import { callQuery, useCallMutation } from '../lib/calls';
import { text } from './columns';
import { ListScreen, form, type ScreenActions } from './ListScreen';
import { fakeBridge, firstCells, renderUi, type Answer } from '../test/render';
import { GROUPS, addSynonym } from '../test/synonyms';

// Small screens declared with the kit, run against a stand-in for window.api: the renderer's own
// boundary (past it is main, which the integration and e2e tests run for real). Each answer is what
// main would hand the page for that channel.


const synonymColumns = ({ editColumn }: ScreenActions<SynonymGroup>) => [text<SynonymGroup>('keyword', 'Groups'), editColumn((r) => `Edit ${r.keyword}`)];

/** A synonyms screen: its list, Add and Edit, declared as the screens declare theirs. */
function SynonymsScreen() {
  const invalidates = ['library.synonyms'] as const;
  const add = useCallMutation('library.addSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupAdded, invalidates });
  const update = useCallMutation('library.updateSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupUpdated, invalidates });
  return (
    <ListScreen
      title="Synonyms"
      list={callQuery('library.synonyms')}
      rowId={(r) => r._id}
      columns={synonymColumns}
      pageSize={20}
      pageSizes={[20, 50]}
      emptyText="No synonym groups yet."
      addLabel="Add Synonym"
      editor={(record) =>
        form({
          title: record ? 'Edit Synonym' : 'Add Synonym',
          schema: SynonymDraftSchema,
          fields: [
            { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: 100 },
            { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true },
          ],
          defaults: record ? { keyword: record.keyword, synonyms: [...record.synonyms] } : { keyword: '', synonyms: [] },
          submit: (values) => (record ? update.run({ id: record._id, ...values }) : add.run(values)),
        })
      }
    />
  );
}

const table = () => screen.getByRole('table', { name: 'Synonyms' });
const shownGroups = () => firstCells(table());

/** The list answers `lists` in turn (the last one again once they run out). */
const listAnswers = (lists: Result<unknown>[]): Answer => {
  let i = 0;
  return () => lists[Math.min(i++, lists.length - 1)]!;
};

describe('ListScreen', () => {
  it('shows the list the call returns, with the screen\'s title', async () => {
    fakeBridge({ 'api:library.synonyms': () => ({ ok: true, data: GROUPS }) });
    renderUi(<SynonymsScreen />);
    expect(screen.getByRole('heading', { name: 'Synonyms' })).toBeTruthy();
    await waitFor(() => expect(shownGroups()).toEqual(['Milk', 'Water']));
  });

  it('an empty list shows the screen\'s empty text and its Add', async () => {
    fakeBridge({ 'api:library.synonyms': () => ({ ok: true, data: [] }) });
    const { user } = renderUi(<SynonymsScreen />);
    expect(await within(table()).findByText('No synonym groups yet.')).toBeTruthy();
    await user.click(within(table()).getByRole('button', { name: 'Add the first synonym' }));
    expect(await screen.findByRole('dialog', { name: 'Add Synonym' })).toBeTruthy();
  });

  it('a list that cannot be read shows main\'s message; Retry reads it again', async () => {
    const bridge = fakeBridge({
      'api:library.synonyms': listAnswers([{ ok: false, error: { kind: 'network', message: 'Cannot reach the library server at http://127.0.0.1:9/.' } }, { ok: true, data: GROUPS }]),
    });
    const { user } = renderUi(<SynonymsScreen />);
    expect(await screen.findByText('Cannot reach the library server at http://127.0.0.1:9/.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownGroups()).toEqual(['Milk', 'Water']));
    expect(bridge.inputsOf('api:library.synonyms')).toHaveLength(2);
  });

  it('Add: the declared form sends the call, the server\'s message is the toast, and the list is read again', async () => {
    const added: SynonymGroup = { _id: 's3', keyword: 'Salt', synonyms: ['namak'], updatedAt: '2026-11-22T10:00:00.000Z' };
    const bridge = fakeBridge({
      'api:library.synonyms': listAnswers([{ ok: true, data: GROUPS }, { ok: true, data: [...GROUPS, added] }]),
      'api:library.addSynonyms': () => ({ ok: true, data: { message: 'Synonym group created.' } }),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await waitFor(() => expect(shownGroups()).toEqual(['Milk', 'Water']));
    await addSynonym(user, 'Salt', 'namak');
    expect(bridge.inputsOf('api:library.addSynonyms')).toEqual([{ keyword: 'Salt', synonyms: ['namak'] }]);
    expect(await screen.findByText('Synonym group created.')).toBeTruthy();
    await waitFor(() => expect(shownGroups()).toEqual(['Milk', 'Water', 'Salt']));
  });

  it('Edit: the row\'s form opens with its values; a refused save keeps it open with the server\'s message', async () => {
    const bridge = fakeBridge({
      'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
      'api:library.updateSynonyms': () => ({ ok: false, error: { kind: 'http', status: 409, message: 'A group named Water already exists.' } }),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Synonym' });
    const group = within(dialog).getByRole('textbox', { name: 'Group' }) as HTMLInputElement;
    expect(group.value).toBe('Milk');
    expect(within(within(dialog).getByRole('list', { name: 'Synonyms added' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['doodh', 'paal']);
    await user.clear(group);
    await user.type(group, 'Water');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A group named Water already exists.')).toBeTruthy();
    // The record as it was opened goes along, so main can stop a save over someone else's change.
    expect(bridge.inputsOf('api:library.updateSynonyms')).toEqual([{ id: 's1', keyword: 'Water', synonyms: ['doodh', 'paal'], $base: GROUPS[0] }]);
    expect(group.value).toBe('Water');
  });

  it('Delete: asks with the declared question, sends the call and reads the list again', async () => {
    const quote = (id: string, title: string): Quote => ({
      _id: id,
      id: Number(id.slice(1)),
      title,
      language: 'English',
      keywords: [],
      thumbnail: '',
      metaInfo: { created: { at: '2026-11-20T10:00:00.000Z', by: null }, updated: { at: '2026-11-20T10:00:00.000Z', by: null } },
    });
    const bridge = fakeBridge({
      'api:library.quotes': listAnswers([{ ok: true, data: [quote('q1', 'Work is worship'), quote('q2', 'Well begun')] }, { ok: true, data: [quote('q2', 'Well begun')] }]),
      'api:library.deleteQuote': () => ({ ok: true, data: { message: 'Quote deleted.' } }),
      // History keeps the delete, and can undo it.
      'api:history.ofBatch': (input) => ({ ok: true, data: [{ id: 'h1', call: 'library.deleteQuote', batch: (input as { batch: string }).batch, record: { id: 'q1', label: 'Work is worship' }, undo: null, lost: [] }] }),
      'api:history.undoBatch': () => ({ ok: true, data: { message: 'Undone.', done: 1, notUndone: [] } }),
    });
    function QuotesScreen() {
      const remove = useCallMutation('library.deleteQuote', { fallback: MSG.somethingWentWrong, invalidates: ['library.quotes'], success: false });
      return (
        <ListScreen
          title="Quotes"
          list={callQuery('library.quotes')}
          rows={quotesOf}
          rowId={(r: Quote) => r._id}
          columns={({ deleteColumn }: ScreenActions<Quote>) => [text<Quote>('title', 'Title'), deleteColumn((r) => `Delete ${r.title}`)]}
          pageSize={20}
          pageSizes={[20]}
          emptyText="No quotes yet."
          remove={{ mutation: remove, input: (r) => ({ id: r._id }), title: 'Delete quote', question: (r) => `Are you sure you want to delete the quote "${r.title}"?`, done: () => 'Quote deleted.' }}
        />
      );
    }
    const { user } = renderUi(<QuotesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete Work is worship' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete quote' });
    expect(within(ask).getByText('Are you sure you want to delete the quote "Work is worship"?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The delete carries the quote as the list showed it: main asks again if it changed meanwhile.
    // It carries a fresh action id too: the toast's Undo takes back that action.
    const [sent] = bridge.inputsOf('api:library.deleteQuote') as [{ $batch: string }];
    expect(sent).toEqual({ id: 'q1', $base: expect.objectContaining({ _id: 'q1', title: 'Work is worship' }), $batch: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await screen.findByText('Quote deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Work is worship' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(bridge.inputsOf('api:history.undoBatch')).toEqual([{ batch: sent.$batch }]));
    expect(await screen.findByText('Undone.')).toBeTruthy();
  });
});
