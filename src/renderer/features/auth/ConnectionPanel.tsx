import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PlugConnectedRegular } from '@fluentui/react-icons';
import { PlatformUrlSchema, type SettingsView } from '../../../shared/schemas/settings';
import { MSG } from '../../../shared/messages';
import { callQuery } from '../../lib/calls';
import { useNotify } from '../../components/toast';

const useStyles = makeStyles({
  accordion: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalM },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  // Wrapped between words; only a word longer than the line (an address) is broken.
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

const TOKEN_STORE_NOTE: Record<SettingsView['tokenStore'], string> = {
  keychain: 'The sign-in token is kept in the operating system keychain.',
  safeStorage:
    'No keychain answered: the sign-in token is kept encrypted (Electron safeStorage) in the app data folder.',
  memory: 'The sign-in token is kept in memory only and is forgotten when the app host stops.',
};

const settingsQuery = callQuery('settings.get');

/** The connection choice of the login screen: the local sandbox or a platform server URL. */
export function ConnectionPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const client = useQueryClient();
  const settings = useQuery(settingsQuery);
  const [kind, setKind] = useState<'sandbox' | 'remote'>('sandbox');
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const connection = settings.data?.connection;
    if (!connection) return;
    setKind(connection.kind);
    if (connection.kind === 'remote') setUrl(connection.url);
  }, [settings.data]);

  const view = settings.data;
  const current = view?.connection;
  const dirty = !!current && (current.kind !== kind || (kind === 'remote' && current.kind === 'remote' && current.url !== url.trim()));

  const save = async () => {
    let input: { kind: 'sandbox' } | { kind: 'remote'; url: string };
    if (kind === 'remote') {
      const parsed = v.safeParse(PlatformUrlSchema, url);
      if (!parsed.success) {
        setUrlError(parsed.issues[0]?.message ?? 'Enter a valid URL.');
        return;
      }
      input = { kind: 'remote', url: parsed.output };
    } else input = { kind: 'sandbox' };
    setUrlError(null);
    setSaving(true);
    const result = await window.api.settings.setConnection(input);
    setSaving(false);
    if (!result.ok) {
      notify.error(result.error.message || MSG.somethingWentWrong);
      return;
    }
    client.setQueryData(settingsQuery.queryKey, result.data);
    notify.success(result.data.connection.kind === 'sandbox' ? 'Using the local sandbox.' : 'Using the platform server.');
  };

  const summary = current ? (current.kind === 'sandbox' ? 'Local sandbox' : 'Platform server') : '';

  return (
    <Accordion collapsible className={styles.accordion}>
      <AccordionItem value="connection">
        <AccordionHeader icon={<PlugConnectedRegular />}>
          <span className={styles.header}>
            Connection
            {summary ? (
              <Badge appearance="tint" color="informative" size="small">
                {summary}
              </Badge>
            ) : null}
          </span>
        </AccordionHeader>
        <AccordionPanel className={styles.panel}>
          {settings.isPending ? <Spinner size="tiny" label="Reading the settings…" /> : null}
          {settings.isError ? (
            <MessageBar intent="error">
              <MessageBarBody>{settings.error.message}</MessageBarBody>
            </MessageBar>
          ) : null}
          <RadioGroup
            aria-label="Connection"
            value={kind}
            onChange={(_e, d) => {
              setKind(d.value as 'sandbox' | 'remote');
              setUrlError(null);
            }}
          >
            <Radio value="sandbox" label="Local sandbox" />
            <Radio value="remote" label="Platform server" />
          </RadioGroup>
          {kind === 'remote' ? (
            <Field
              label="Platform server URL"
              validationMessage={urlError ?? undefined}
              validationState={urlError ? 'error' : 'none'}
              hint="For example https://api.example.com. Plain http:// only for this computer (localhost, 127.0.0.1): to any other server the password and the session token would travel unencrypted."
            >
              <Input
                type="url"
                value={url}
                placeholder="https://"
                onChange={(_e, d) => {
                  setUrl(d.value);
                  if (urlError) setUrlError(null);
                }}
              />
            </Field>
          ) : null}
          <div className={styles.actions}>
            <Button appearance="primary" size="small" onClick={() => void save()} disabled={saving || !dirty}>
              {saving ? 'Saving…' : 'Use this connection'}
            </Button>
          </div>
          {view ? <ConnectionFacts view={view} styles={styles} /> : null}
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}

/** Where calls go, the sandbox's state, the token store; why the sandbox could not start. */
function ConnectionFacts({ view, styles }: { view: SettingsView; styles: ReturnType<typeof useStyles> }) {
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.term}>Calls go to</dt>
        <dd className={styles.value} data-testid="active-url">
          {view.activeUrl ?? 'Not connected'}
        </dd>
        {view.connection.kind === 'sandbox' ? (
          <>
            <dt className={styles.term}>Sandbox</dt>
            <dd className={styles.value}>{view.sandbox.running ? 'Running' : 'Not running'}</dd>
          </>
        ) : null}
        <dt className={styles.term}>Token store</dt>
        <dd className={styles.value}>
          <Text size={200} data-testid="token-store">{view.tokenStoreNote ?? TOKEN_STORE_NOTE[view.tokenStore]}</Text>
        </dd>
      </dl>
      {view.sandbox.error ? (
        <MessageBar intent="error">
          <MessageBarBody>The local sandbox could not start: {view.sandbox.error}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
