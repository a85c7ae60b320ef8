import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { About, UpdateState } from '../../../shared/schemas/desktop';
import { fakeBridge, renderUi } from '../../test/render';
import { AboutDialog } from './AboutDialog';
import { UpdateBar } from './UpdateBar';

const ready: UpdateState = {
  settings: { enabled: true, feedUrl: null },
  lockedOff: null,
  status: 'ready',
  current: '0.1.0',
  version: '0.2.0',
  releaseNotes: 'Faster bulk uploads.',
  percent: 100,
  offered: true,
  deferredBecause: null,
  message: null,
  checkedAt: 1,
};
const about: About = {
  name: 'Content Console',
  version: '0.1.0',
  versions: [{ name: 'Electron', version: '45.4.1' }],
  notices: [{ name: 'react', version: '19.3.1', license: 'MIT', where: ['renderer'], text: 'MIT License\n\nCopyright (c) Meta Platforms, Inc. and affiliates.' }],
};

describe('Restart to update', () => {
  it('offers a verified update with its notes and installs it on request', async () => {
    const bridge = fakeBridge({ 'api:desktop.updates': () => ({ ok: true, data: ready }), 'api:desktop.installUpdate': () => ({ ok: true, data: { started: true, reason: null } }) });
    const { user } = renderUi(<UpdateBar />);
    expect(await screen.findByText('Version 0.2.0 is ready')).toBeTruthy();
    expect(screen.getByText('Faster bulk uploads.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(bridge.inputsOf('api:desktop.installUpdate')).toHaveLength(1);
  });

  it('shows nothing while the update waits for an upload to end', async () => {
    const bridge = fakeBridge({ 'api:desktop.updates': () => ({ ok: true, data: { ...ready, offered: false, deferredBecause: 'A bulk upload is running.' } }) });
    renderUi(<UpdateBar />);
    // Main answered and the answer was applied: nothing offered.
    await waitFor(() => expect(bridge.inputsOf('api:desktop.updates')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByText('Version 0.2.0 is ready')).toBeNull();
  });
});

describe('Help > About', () => {
  it('shows the versions, the update state and each carried package with its version and licence text', async () => {
    const bridge = fakeBridge({
      'api:desktop.about': () => ({ ok: true, data: about }),
      'api:desktop.updates': () => ({ ok: true, data: { ...ready, status: 'up-to-date', version: null, offered: false } }),
      'api:desktop.setUpdates': (input) => ({ ok: true, data: { ...ready, settings: input as UpdateState['settings'], status: 'off' } }),
    });
    const { user } = renderUi(<AboutDialog onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Content Console 0.1.0')).toBeTruthy();
    expect(within(dialog).getByRole('row', { name: 'Electron 45.4.1' })).toBeTruthy();
    expect(within(dialog).getByText('Version 0.1.0 is the newest.')).toBeTruthy();
    expect(within(dialog).getByText('react 19.3.1 (MIT)')).toBeTruthy();
    expect(within(dialog).getByText(/Copyright \(c\) Meta Platforms/)).toBeTruthy();
    // Turning updates off is a setting main keeps.
    await user.click(within(dialog).getByRole('switch', { name: 'Check for updates and download them in the background' }));
    expect(bridge.inputsOf('api:desktop.setUpdates')).toEqual([{ enabled: false, feedUrl: null }]);
  });
});
