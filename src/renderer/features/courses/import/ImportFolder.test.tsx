/**
 * A folder dropped on a course screen: refused with the Import folder… button's reason where the button
 * is disabled (nothing reaches main), main's refusal shown as it says it. The drop that opens the preview
 * runs against the real core in tests/e2e/course-import.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FilesApi } from '../../../../shared/api/app';
import type { ImportTarget } from '../../../../shared/schemas/course-import';
import { fakeBridge, renderUi } from '../../../test/render';
import type { ImportStatus } from '../../../../shared/schemas/course-import';
import { ImportDropZone, ImportFolderButton } from './ImportFolder';

const TARGET: ImportTarget = { kind: 'folder', courseId: 'c1', parent: 'f1' };

/** window.files whose folder-import drop answers `message` as main's refusal, recording each drop. */
function filesRefusing(message: string) {
  const drops: { names: string[]; target: ImportTarget }[] = [];
  const files: Partial<FilesApi> = {
    importDropped: async (dropped, target) => {
      drops.push({ names: dropped.map((f) => f.name), target });
      return { ok: false, error: { kind: 'validation', message } };
    },
  };
  Object.defineProperty(window, 'files', { value: files, configurable: true, writable: true });
  return drops;
}

const dropOn = (element: HTMLElement, names: string[]) => {
  const files = names.map((name) => new File(['x'], name));
  fireEvent.dragOver(element, { dataTransfer: { files } });
  fireEvent.drop(element, { dataTransfer: { files } });
};

describe('ImportDropZone', () => {
  it('refuses a drop where the button is disabled, with its reason, and sends nothing to main', async () => {
    fakeBridge({ 'api:courseImport.status': () => ({ ok: true, data: null }) });
    const drops = filesRefusing('not expected');
    renderUi(
      <ImportDropZone target={TARGET} disabled="Folders go three levels deep: module, topic and concept.">
        <p>Concept page</p>
      </ImportDropZone>,
    );
    dropOn(screen.getByText('Concept page'), ['Milking']);
    expect(await screen.findByText('A folder cannot be imported here. Folders go three levels deep: module, topic and concept.')).toBeTruthy();
    expect(drops).toEqual([]);
  });

  it("hands the dropped items and the screen's target to the preload, and shows main's refusal", async () => {
    fakeBridge({ 'api:courseImport.status': () => ({ ok: true, data: null }) });
    const message = 'Drop one folder here: its folders and videos are imported together. To upload single files, use Bulk Upload.';
    const drops = filesRefusing(message);
    renderUi(
      <ImportDropZone target={TARGET}>
        <p>Module page</p>
      </ImportDropZone>,
    );
    dropOn(screen.getByText('Module page'), ['a.mp4', 'b.mp4']);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(drops).toEqual([{ names: ['a.mp4', 'b.mp4'], target: TARGET }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

const waiting: ImportStatus = {
  importId: 'imp-1',
  phase: 'uploading',
  courseId: 'c1',
  parent: '',
  courseName: 'Goats',
  folders: { made: 1, total: 1 },
  videos: { uploaded: 0, linked: 0, failed: 0, total: 1 },
  problem: 'The server did not answer.',
  entries: [{ path: 'Goats / Basics / Feeding', kind: 'video', state: 'queued', message: null }],
};

describe('ImportFolderButton with an import running', () => {
  it('lets the running import be seen again after its dialog was closed, and cancelled after a question', async () => {
    const bridge = fakeBridge({
      'api:courseImport.status': () => ({ ok: true, data: waiting }),
      'api:courseImport.cancel': () => ({ ok: true, data: { ...waiting, phase: 'cancelled', problem: 'Cancelled. What was made before stays; uploads not yet sent were taken out of the queue.' } }),
    });
    const { user } = renderUi(<ImportFolderButton target={{ kind: 'course' }} />);
    await user.click(await screen.findByRole('button', { name: 'Import waiting: show' }));
    const progress = await screen.findByRole('dialog', { name: 'Importing…' });
    expect(progress.textContent).toContain('Waiting: The server did not answer.');
    await user.click(screen.getByRole('button', { name: 'Cancel import…' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this import?' });
    // Declined: nothing is sent.
    await user.click(within(question).getByRole('button', { name: 'Keep importing' }));
    expect(bridge.inputsOf('api:courseImport.cancel')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel import…' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Cancel this import?' })).getByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByRole('dialog', { name: 'Import stopped' })).toBeTruthy();
    expect(screen.getByText('Cancelled. What was made before stays; uploads not yet sent were taken out of the queue.')).toBeTruthy();
    expect(bridge.inputsOf('api:courseImport.cancel')).toEqual([{ importId: 'imp-1' }]);
  });
});
