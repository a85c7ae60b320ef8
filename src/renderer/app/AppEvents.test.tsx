import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Button } from '@fluentui/react-components';
import { MSG } from '../../shared/messages';
import { useCallMutation } from '../lib/calls';
import { fakeBridge, renderUi, toastTexts } from '../test/render';
import { AppEvents } from './AppEvents';

// The app's events from main against a stand-in for window.api: what the person is told when the
// session ends under a save.

/** A save, and what it resolved with once it has (its toast, if any, is made before that). */
function AddSynonym() {
  const add = useCallMutation('library.addSynonyms', { fallback: MSG.somethingWentWrong });
  const [answered, setAnswered] = useState<string | null>(null);
  return (
    <>
      <Button onClick={() => void add.run({ keyword: 'Salt', synonyms: ['namak'] }).then((r) => setAnswered(r.ok ? 'saved' : r.error.kind))}>Add</Button>
      {answered ? <p>{`Answered: ${answered}`}</p> : null}
    </>
  );
}

describe('AppEvents', () => {
  it('a save answered 401 ends the session with one error toast, not a second one of the save', async () => {
    const ended = 'Your session has expired. Please log in again.';
    const bridge = fakeBridge({
      'api:session.current': () => ({ ok: true, data: { user: { id: 'a1', name: 'Asha', email: 'asha@example.com', role: 'Admin' }, tokenStore: 'memory' } }),
      // Main ends the session as the 401 comes in, then answers the save; a server that gave no
      // errorMessage leaves the save its own words.
      'api:library.addSynonyms': () => {
        bridge.emit('session:ended', { reason: ended });
        return { ok: false, error: { kind: 'auth', status: 401, message: 'Your session has ended. Please log in again.' } };
      },
    });
    const { user } = renderUi(
      <>
        <AppEvents />
        <AddSynonym />
      </>,
    );
    await waitFor(() => expect(bridge.inputsOf('api:session.current')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Answered: auth');
    expect(toastTexts()).toEqual([ended]);
  });
});
