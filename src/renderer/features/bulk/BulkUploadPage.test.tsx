import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { defaultMeta, type BulkItemView } from '../../../shared/schemas/bulk';
import { MEDIA_VERDICT_TEXT } from '../../../shared/schemas/media';
import { fakeBridge, renderUi } from '../../test/render';
import BulkUploadPage from './BulkUploadPage';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Bulk Upload screen', () => {
  it('asks main for its rows once when it opens, not again at every render', async () => {
    // An empty queue: the page's first window, its status and nothing else changing.
    const bridge = fakeBridge({
      'api:bulk.list': async () => ({ ok: true, data: { total: 0, all: 0, offset: 0, rows: [], blocked: null } }),
    });
    renderUi(<BulkUploadPage />);
    await screen.findByRole('button', { name: 'Add folder' });
    await settle(800);
    // Each window's answer renders the page; a notifier made anew at each render had the page invalidate
    // its window at each one, a call to main every few milliseconds (the Bulk Upload bench: first rows
    // painted 2 to 5 s after Add folder instead of 0.3 s).
    expect(bridge.inputsOf('api:bulk.list').length).toBeLessThanOrEqual(2);
  });
});

describe('a queue row held as not playable', () => {
  it('shows the verdict, not "uploaded before", when the file is also a copy of one uploaded before', async () => {
    const row: BulkItemView = {
      id: 'held-1', file: { name: 'Half.mov', size: 4096, folder: '/v' }, thumbnail: null, fileType: 'video', duration: 0, probe: 'none', warnings: [],
      verdict: { kind: 'unplayable', reason: 'index-missing', text: MEDIA_VERDICT_TEXT.indexMissing }, held: true, captions: [],
      meta: defaultMeta('Half.mov'), state: 'waiting', issues: {}, duplicate: { kind: 'library', title: 'Half', id: 'rec-1', reason: 'content' },
      attempts: 0, lastError: null, sent: 0, percent: 0, rate: 0, recordId: null, retryAt: null,
    };
    fakeBridge({ 'api:bulk.list': async () => ({ ok: true, data: { total: 1, all: 1, offset: 0, rows: [row], blocked: null } }) });
    renderUi(<BulkUploadPage />);
    const table = await screen.findByRole('table', { name: 'Bulk upload queue' });
    expect(await within(table).findByText(`${MEDIA_VERDICT_TEXT.unplayable}: ${MEDIA_VERDICT_TEXT.indexMissing} ${MEDIA_VERDICT_TEXT.held}`)).toBeTruthy();
    expect(within(table).queryByText(/Uploaded before/)).toBeNull();
    expect(within(table).getByText('Held')).toBeTruthy();
    // Its ways out are the verdict's (send anyway, remove), not a duplicate's (keep, skip).
    expect(within(table).getByRole('button', { name: 'Send anyway: Half.mov' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Keep Half.mov' })).toBeNull();
  });
});
