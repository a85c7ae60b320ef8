import { useQuery } from '@tanstack/react-query';
import { MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ContentDialog } from '../components/ContentDialog';
import { unwrap } from '../lib/api';

const useStyles = makeStyles({
  report: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre',
    overflow: 'auto',
    maxHeight: '55vh',
    margin: `${tokens.spacingVerticalS} 0 0`,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/**
 * Help > Check this server: every read call of the contract once against the connected server,
 * nothing written, and what its answers do not match (the same report as `npm run check-platform`).
 */
export function ServerCheckDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  // Not cached: each opening checks the server as it is now.
  const check = useQuery({ queryKey: ['platform', 'check'], queryFn: () => unwrap(window.api.platform.check()), gcTime: 0, staleTime: 0, retry: false });
  const report = check.data;
  return (
    <ContentDialog title="Check this server" width={980} onClose={onClose}>
      {check.isPending ? (
        <Spinner size="small" label="Calling every read call of the server once (nothing is written)…" labelPosition="after" />
      ) : check.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{check.error.message}</MessageBarBody>
        </MessageBar>
      ) : report ? (
        <>
          <MessageBar intent={report.ok ? 'success' : 'warning'}>
            <MessageBarBody>{report.text.split('\n').pop()}</MessageBarBody>
          </MessageBar>
          <pre className={styles.report} tabIndex={0} aria-label="Report">
            {report.text}
          </pre>
        </>
      ) : null}
    </ContentDialog>
  );
}
