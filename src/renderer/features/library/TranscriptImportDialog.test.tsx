import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeBridge, renderUi, toastTexts } from '../../test/render';
import { ImportDialog, type ImportSource } from './TranscriptImportDialog';

// The preview of a caption import: what a refused import shows, and where.

const SOURCE: ImportSource = {
  name: 'talk.vtt',
  cues: [
    { index: 1, line: 3, timeStamp: '00:00:01', captionText: 'Good morning' },
    { index: 2, line: 6, timeStamp: '', captionText: 'Milk the cow', error: 'Enter a timestamp (HH:mm:ss)!' },
  ],
};

describe('caption import', () => {
  it("the cues' own problems are said in the dialog; the server's refusal is its error toast and the dialog's 'Not saved'", async () => {
    const serverSays = 'The video was deleted.';
    let imported = 0;
    const bridge = fakeBridge({ 'api:videoRepository.bulkTranscripts': () => ({ ok: false, error: { kind: 'http', status: 404, message: serverSays } }) });
    const { user } = renderUi(<ImportDialog source={SOURCE} videoId="v1" defaultLanguage="English" onClose={() => undefined} onSaved={() => (imported += 1)} />);
    const dialog = screen.getByRole('dialog', { name: 'Import talk.vtt' });
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 cues' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Fix or remove the cue with errors first. Nothing has been saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove cue 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 cue' }));
    await waitFor(() => expect(toastTexts()).toEqual([serverSays]));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Import 1 cue' }) as HTMLButtonElement).disabled).toBe(false));
    expect(bridge.inputsOf('api:videoRepository.bulkTranscripts')).toEqual([{ videoId: 'v1', language: 'English', replace: false, entries: [{ timeStamp: '00:00:01', captionText: 'Good morning' }] }]);
    expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toEqual([`Not saved${serverSays}`]);
    expect(imported).toBe(0);
  });
});
