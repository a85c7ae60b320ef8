import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ContentDialog } from '../../components/ContentDialog';
import { unwrap } from '../../lib/api';
import type { UpdateState } from '../../../shared/schemas/desktop';
import { updateStatusText, useUpdateState } from './update-state';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  versions: { borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', padding: `2px ${tokens.spacingHorizontalM} 2px 0` } },
  feed: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  notices: { maxHeight: '40vh', overflow: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
  text: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', margin: `${tokens.spacingVerticalXS} 0 ${tokens.spacingVerticalS}` },
});

/** Updates: on or off, the feed, Check now, and Restart to update when one is ready. */
function UpdatesSection({ state }: { state: UpdateState }) {
  const styles = useStyles();
  const [feed, setFeed] = useState(state.settings.feedUrl ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setFeed(state.settings.feedUrl ?? ''), [state.settings.feedUrl]);
  const apply = async (enabled: boolean, feedUrl: string | null) => {
    setBusy(true);
    const answer = await window.api.desktop.setUpdates({ enabled, feedUrl });
    setBusy(false);
    setProblem(answer.ok ? null : answer.error.message);
  };
  const check = async () => {
    setBusy(true);
    await window.api.desktop.checkForUpdates();
    setBusy(false);
  };
  const install = async () => {
    const answer = await window.api.desktop.installUpdate();
    setProblem(answer.ok ? answer.data.reason : answer.error.message);
  };
  const locked = state.lockedOff !== null || state.status === 'unavailable';
  return (
    <section className={styles.section} aria-labelledby="about-updates">
      <Text as="h3" weight="semibold" id="about-updates">
        Updates
      </Text>
      <Text>{updateStatusText(state)}</Text>
      <Switch label="Check for updates and download them in the background" checked={state.settings.enabled && state.lockedOff === null} disabled={locked || busy} onChange={(_e, data) => void apply(data.checked, state.settings.feedUrl)} />
      <div className={styles.feed}>
        <Field label="Update feed (empty: the one this build names)" validationMessage={problem ?? undefined} style={{ flexGrow: 1 }}>
          <Input value={feed} disabled={locked || busy} placeholder="https://updates.example.com/content-console" onChange={(_e, data) => setFeed(data.value)} />
        </Field>
        <Button disabled={locked || busy} onClick={() => void apply(state.settings.enabled, feed.trim() === '' ? null : feed.trim())}>
          Save feed
        </Button>
        <Button disabled={locked || busy || !state.settings.enabled} onClick={() => void check()}>
          Check now
        </Button>
      </div>
      {state.status === 'ready' ? (
        <Button appearance="primary" disabled={!state.offered} onClick={() => void install()} style={{ alignSelf: 'flex-start' }}>
          Restart to update
        </Button>
      ) : null}
    </section>
  );
}

/** Help > About: the versions, updates, and the third-party notices of what the package carries. */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const about = useQuery({ queryKey: ['desktop', 'about'], queryFn: () => unwrap(window.api.desktop.about()), staleTime: Infinity, retry: false });
  const updates = useUpdateState();
  return (
    <ContentDialog title="About Content Console" width={760} onClose={onClose}>
      {about.isPending ? (
        <Spinner size="small" label="Reading the versions…" labelPosition="after" />
      ) : about.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{about.error.message}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <section className={styles.section} aria-labelledby="about-versions">
            <Text as="h3" weight="semibold" id="about-versions">
              {about.data.name} {about.data.version}
            </Text>
            <table className={styles.versions}>
              <tbody>
                {about.data.versions.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.name}</th>
                    <td>{row.version}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {updates ? <UpdatesSection state={updates} /> : null}
          <section className={styles.section} aria-labelledby="about-notices">
            <Text as="h3" weight="semibold" id="about-notices">
              Third-party notices
            </Text>
            {about.data.notices === null ? (
              <Text>This build carries no notices file (a development build: `npm run build` writes it).</Text>
            ) : (
              <>
                <Text>Content Console carries these {about.data.notices.length} packages, each under its own licence:</Text>
                <div className={styles.notices} tabIndex={0} role="region" aria-label="Third-party notices">
                  {about.data.notices.map((entry) => (
                    <details key={`${entry.name}@${entry.version}`}>
                      <summary>
                        {entry.name} {entry.version} ({entry.license})
                      </summary>
                      <pre className={styles.text}>{entry.text || `${entry.license} licence; the package ships no licence file.`}</pre>
                    </details>
                  ))}
                </div>
              </>
            )}
          </section>
        </>
      )}
    </ContentDialog>
  );
}
