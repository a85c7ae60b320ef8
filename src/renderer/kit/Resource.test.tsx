import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { ENGAGEMENT_TEXT as T } from '../../shared/engagement-messages';
import { APP_TEXT, MSG } from '../../shared/messages';
import { SynonymDraftSchema, type SynonymGroup } from '../../shared/schemas/synonyms';
import { QuoteCreateSchema, quotesOf, type Quote, type QuoteCreateInput } from '../../shared/schemas/quotes';
import type { Result } from '../../shared/result';
import { callQuery } from '../lib/calls';
import { text } from './columns';
import type { ScreenActions } from './ListScreen';
import { ResourceScreen, call, filesOf, recordForm, resource } from './Resource';
import { fakeBridge, firstCells, renderUi, toastTexts, type Answer } from '../test/render';
import { GROUPS, addSynonym } from '../test/synonyms';

// Screens declared as resources (no mutation written by the screen), run against a stand-in for
// window.api: what the kit sends, the toasts it shows and what it reads again after a write.


const synonyms = resource<SynonymGroup>({
  name: 'Synonym',
  form: recordForm({
    schema: SynonymDraftSchema,
    fields: [
      { kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: 100 },
      { kind: 'tags', name: 'synonyms', label: 'Synonyms', required: true },
    ],
    defaults: { keyword: '', synonyms: [] },
    values: (r: SynonymGroup) => ({ keyword: r.keyword, synonyms: [...r.synonyms] }),
  }),
  create: call('library.addSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupAdded }),
  update: call('library.updateSynonyms', { fallback: MSG.somethingWentWrong, successFallback: T.groupUpdated }),
  remove: { ...call('library.deleteQuote', { fallback: MSG.somethingWentWrong, success: 'Group deleted' }), title: 'Delete group', question: (r) => `Delete ${r.keyword}?` },
});

const synonymColumns = ({ editColumn, deleteColumn }: ScreenActions<SynonymGroup>) => [
  text<SynonymGroup>('keyword', 'Groups'),
  editColumn((r) => `Edit ${r.keyword}`),
  deleteColumn((r) => `Delete ${r.keyword}`),
];

/** Another query of the same service, to see what a write reads again. */
function Keywords() {
  const keywords = useQuery(callQuery('library.keywords'));
  return <p>{keywords.isSuccess ? 'keywords read' : 'keywords pending'}</p>;
}

function SynonymsScreen() {
  return (
    <>
      <ResourceScreen
        title="Synonyms"
        resource={synonyms}
        list={callQuery('library.synonyms')}
        rowId={(r) => r._id}
        columns={synonymColumns}
        pageSize={20}
        pageSizes={[20]}
        emptyText="No synonym groups yet."
      />
      <Keywords />
    </>
  );
}

const shownGroups = () => firstCells(screen.getByRole('table', { name: 'Synonyms' }));

/** Answers `lists` in turn (the last one again once they run out). */
const inTurn = (lists: Result<unknown>[]): Answer => {
  let i = 0;
  return () => lists[Math.min(i++, lists.length - 1)]!;
};

describe('ResourceScreen', () => {
  it('Add: the button and title come from the name; the values go as they are, the toast is the server\'s, and the whole service is read again', async () => {
    const added: SynonymGroup = { _id: 's3', keyword: 'Salt', synonyms: ['namak'], updatedAt: '2026-11-22T10:00:00.000Z' };
    const bridge = fakeBridge({
      'api:library.synonyms': inTurn([{ ok: true, data: GROUPS }, { ok: true, data: [...GROUPS, added] }]),
      'api:library.keywords': () => ({ ok: true, data: [] }),
      'api:library.addSynonyms': () => ({ ok: true, data: { message: 'Synonym group created.' } }),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await waitFor(() => expect(shownGroups()).toEqual(['Milk', 'Water']));
    await screen.findByText('keywords read');
    await addSynonym(user, 'Salt', 'namak');
    expect(bridge.inputsOf('api:library.addSynonyms')).toEqual([{ keyword: 'Salt', synonyms: ['namak'] }]);
    expect(await screen.findByText('Synonym group created.')).toBeTruthy();
    await waitFor(() => expect(shownGroups()).toEqual(['Milk', 'Water', 'Salt']));
    // A write of the library service makes every library query stale, as main drops its lists.
    await waitFor(() => expect(bridge.inputsOf('api:library.keywords')).toHaveLength(2));
  });

  it('Edit: the record becomes the form\'s values; the update sends the row\'s id with them and the success fallback shows', async () => {
    const bridge = fakeBridge({
      'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
      'api:library.keywords': () => ({ ok: true, data: [] }),
      'api:library.updateSynonyms': () => ({ ok: true, data: {} }),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit Milk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Synonym' });
    const group = within(dialog).getByRole('textbox', { name: 'Group' }) as HTMLInputElement;
    expect(group.value).toBe('Milk');
    await user.clear(group);
    await user.type(group, 'Cow milk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(T.groupUpdated)).toBeTruthy();
    expect(bridge.inputsOf('api:library.updateSynonyms')).toEqual([{ id: 's1', keyword: 'Cow milk', synonyms: ['doodh', 'paal'], $base: GROUPS[0] }]);
  });

  it('Delete: the declared question; the call gets the row\'s id; a failure without a message shows the fallback', async () => {
    const bridge = fakeBridge({
      'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
      'api:library.keywords': () => ({ ok: true, data: [] }),
      'api:library.deleteQuote': () => ({ ok: false, error: { kind: 'http', status: 500, message: '' } }),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete Water' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete group' });
    expect(within(ask).getByText('Delete Water?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.somethingWentWrong)).toBeTruthy();
    expect(bridge.inputsOf('api:library.deleteQuote')).toEqual([{ id: 's2', $base: GROUPS[1], $batch: expect.any(String) }]);
  });

  it("a refused save: the server's message is a toast and stays in the dialog; the app's own refusal and the person's Cancel show in the dialog only", async () => {
    const serverSays = 'A group named Salt already exists.';
    fakeBridge({
      'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
      'api:library.keywords': () => ({ ok: true, data: [] }),
      'api:library.addSynonyms': inTurn([
        { ok: false, error: { kind: 'http', status: 400, message: serverSays } },
        // Main refuses a file the session no longer grants before anything is sent.
        { ok: false, error: { kind: 'validation', message: APP_TEXT.fileNotGranted } },
        // What an upload answers after its Cancel upload.
        { ok: false, error: { kind: 'cancelled', message: APP_TEXT.uploadCancelled } },
      ]),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Add Synonym' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Synonym' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Group' }), 'Salt');
    await user.type(within(dialog).getByRole('textbox', { name: 'Synonyms' }), 'namak');
    const notSaved = async (text: string) => {
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      const notice = await within(dialog).findByRole('alert');
      await waitFor(() => expect(notice.textContent).toBe(`Not saved${text}`));
    };
    await notSaved(serverSays);
    expect(toastTexts()).toEqual([serverSays]);
    await notSaved(APP_TEXT.fileNotGranted);
    expect(toastTexts()).not.toContain(APP_TEXT.fileNotGranted);
    await notSaved(APP_TEXT.uploadCancelled);
    expect(toastTexts()).not.toContain(APP_TEXT.uploadCancelled);
  });

  it("the app's own refusal of a call no form shows (a delete) is the error toast", async () => {
    fakeBridge({
      'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
      'api:library.keywords': () => ({ ok: true, data: [] }),
      'api:library.deleteQuote': () => ({ ok: false, error: { kind: 'validation', message: 'Invalid id.' } }),
    });
    const { user } = renderUi(<SynonymsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete Water' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete group' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Invalid id.']));
  });

  it('a multipart call gets an upload id when its input holds one of the call\'s files, and none without', async () => {
    expect(filesOf('library.addQuote')).toEqual(['thumbnail']);
    expect(filesOf('library.addSynonyms')).toEqual([]);
    const quotes = resource<Quote>({
      name: 'Quote',
      form: {
        add: recordForm({
          schema: QuoteCreateSchema,
          // Only the file is asked for: the rest comes with the defaults.
          fields: [{ kind: 'file', name: 'thumbnail', label: 'Image', pick: 'image' }],
          defaults: { title: 'Work is worship', language: 'English', keywords: ['Dairy'] } satisfies QuoteCreateInput,
          values: () => ({ title: '', keywords: [] }),
        }),
        edit: null,
      },
      create: call('library.addQuote', { fallback: MSG.somethingWentWrong, success: 'Quote added' }),
    });
    const bridge = fakeBridge({
      'api:library.quotes': () => ({ ok: true, data: [] }),
      'api:library.addQuote': () => ({ ok: true, data: {} }),
      'api:files.pick': () => ({ ok: true, data: { grantId: 'g1', name: 'quote.png', size: 1024 } }),
    });
    const { user } = renderUi(
      <ResourceScreen title="Quotes" resource={quotes} list={callQuery('library.quotes')} rows={quotesOf} rowId={(r) => r._id} columns={() => [text<Quote>('title', 'Title')]} pageSize={20} pageSizes={[20]} emptyText="No quotes yet." />,
    );
    const add = async () => {
      await user.click(await screen.findByRole('button', { name: 'Add Quote' }));
      return screen.findByRole('dialog', { name: 'Add Quote' });
    };
    await user.click(within(await add()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(bridge.inputsOf('api:library.addQuote')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const dialog = await add();
    await user.click(within(dialog).getByRole('button', { name: /Choose .*\(Image\)/ }));
    await within(dialog).findByText('quote.png');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(bridge.inputsOf('api:library.addQuote')).toHaveLength(2));
    const [plain, withFile] = bridge.inputsOf('api:library.addQuote') as Record<string, unknown>[];
    expect(plain).not.toHaveProperty('uploadId');
    expect(withFile).toMatchObject({ title: 'Work is worship', thumbnail: { grantId: 'g1' }, uploadId: expect.stringMatching(/^up-/) });
  });
  it('a form\'s status made from whether its save runs shows only while the call is under way', async () => {
    let release: (r: Result<unknown>) => void = () => undefined;
    const saving = resource<SynonymGroup>({
      ...synonyms,
      form: recordForm({
        schema: SynonymDraftSchema,
        fields: [{ kind: 'text', name: 'keyword', label: 'Group', required: true, maxLength: 100 }],
        defaults: { keyword: '', synonyms: ['x'] },
        status: (busy) => (busy ? <p>Saving the group</p> : null),
      }),
    });
    fakeBridge({
      'api:library.synonyms': () => ({ ok: true, data: GROUPS }),
      'api:library.addSynonyms': () => new Promise<Result<unknown>>((resolve) => (release = resolve)),
    });
    const { user } = renderUi(
      <ResourceScreen title="Synonyms" resource={saving} list={callQuery('library.synonyms')} rowId={(r) => r._id} columns={synonymColumns} pageSize={20} pageSizes={[20]} emptyText="None." />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Synonym' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Synonym' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Group' }), 'Salt');
    expect(within(dialog).queryByText('Saving the group')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Saving the group')).toBeTruthy();
    release({ ok: false, error: { kind: 'http', status: 500, message: 'No' } });
    await waitFor(() => expect(within(dialog).queryByText('Saving the group')).toBeNull());
  });
});
