import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useUpdateState } from './update-state';

const useStyles = makeStyles({
  bar: { position: 'fixed', left: tokens.spacingHorizontalL, bottom: tokens.spacingVerticalL, maxWidth: '560px', zIndex: 1000, boxShadow: tokens.shadow16 },
  notes: { whiteSpace: 'pre-wrap', maxHeight: '8em', overflow: 'auto', marginTop: tokens.spacingVerticalXS },
});

/**
 * "Restart to update": shown once an update is downloaded, verified and nothing runs that a restart would
 * stop (main decides: `offered`). Later hides it until the next start.
 */
export function UpdateBar() {
  const styles = useStyles();
  const state = useUpdateState();
  const [later, setLater] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!state?.offered || later === state.version) return null;
  const restart = async () => {
    const answer = await window.api.desktop.installUpdate();
    setProblem(answer.ok ? answer.data.reason : answer.error.message);
  };
  return (
    <MessageBar intent="info" layout="multiline" className={styles.bar} aria-live="polite">
      <MessageBarBody>
        <MessageBarTitle>Version {state.version} is ready</MessageBarTitle>
        {problem ?? 'Restart Content Console to finish updating. Nothing you are doing is lost: the bulk queue and imports carry on after the restart.'}
        {state.releaseNotes ? (
          <details>
            <summary>What is new</summary>
            <div className={styles.notes}>{state.releaseNotes}</div>
          </details>
        ) : null}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={() => void restart()}>
          Restart to update
        </Button>
        <Button onClick={() => setLater(state.version)}>Later</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
