/**
 * Check this server's report can leave the dialog: Copy report puts the whole text on the clipboard,
 * Save report… hands it to main's save dialog under a dated .txt name; each says so inside the dialog.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeBridge, renderUi } from '../test/render';
import { REPORT_TEXT, ServerCheckDialog, reportFileName } from './ServerCheckDialog';

const REPORT = { server: 'http://127.0.0.1:1', calls: [], ok: true, text: 'adminAuth.users: ok\n1 of 1 calls matched.' };

describe('ServerCheckDialog', () => {
  it('copies the whole report and says so', async () => {
    fakeBridge({ 'api:platform.check': () => ({ ok: true, data: REPORT }) });
    // user-event puts a clipboard of its own on the page: what was copied is read back from it.
    const { user } = renderUi(<ServerCheckDialog onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Copy report' }));
    expect(await navigator.clipboard.readText()).toBe(REPORT.text);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(REPORT_TEXT.copied));
  });

  it('saves the report through main under a dated name, and names the file it saved', async () => {
    const bridge = fakeBridge({
      'api:platform.check': () => ({ ok: true, data: REPORT }),
      'api:files.saveReport': () => ({ ok: true, data: { saved: 'server-check-2026-12-06.txt', savedId: 's1' } }),
    });
    const { user } = renderUi(<ServerCheckDialog onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Save report…' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved as server-check-2026-12-06.txt.'));
    const [input] = bridge.inputsOf('api:files.saveReport') as { name: string; text: string }[];
    expect(input!.text).toBe(REPORT.text);
    expect(input!.name).toMatch(/^server-check-\d{4}-\d{2}-\d{2}\.txt$/);
    expect(screen.getByRole('button', { name: 'Show in folder' })).toBeTruthy();
    expect(reportFileName(new Date('2026-12-06T09:00:00Z'))).toBe('server-check-2026-12-06.txt');
  });
});
