import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular, SaveRegular } from '@fluentui/react-icons';
import { ContentDialog } from '../components/ContentDialog';
import { unwrap } from '../lib/api';
import { copyText } from '../lib/clipboard';
import { ShowInFolder } from '../lib/saved-toast';

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
  bar: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

export const REPORT_TEXT = {
  copied: 'The report is copied.',
  notCopied: 'The report could not be copied. Save it as a file instead.',
  saved: (name: string) => `Saved as ${name}.`,
} as const;

/** The report's file name: the server's check and the day ('server-check-2026-12-06.txt'). */
export const reportFileName = (now: Date): string => `server-check-${now.toISOString().slice(0, 10)}.txt`;

/** Copy report and Save report, and what came of the last one (said here: a toast under the dialog cannot be reached). */
function ReportActions({ text }: { text: string }) {
  const styles = useStyles();
  const [said, setSaid] = useState<{ message: string; savedId: string | null } | null>(null);
  const copy = async () => setSaid((await copyText(text)) ? { message: REPORT_TEXT.copied, savedId: null } : { message: REPORT_TEXT.notCopied, savedId: null });
  const save = async () => {
    const answer = await window.api.files.saveReport({ name: reportFileName(new Date()), text });
    if (!answer.ok) setSaid({ message: answer.error.message, savedId: null });
    else if (answer.data.saved) setSaid({ message: REPORT_TEXT.saved(answer.data.saved), savedId: answer.data.savedId });
  };
  return (
    <div className={styles.bar}>
      <Button icon={<CopyRegular />} onClick={() => void copy()}>
        Copy report
      </Button>
      <Button icon={<SaveRegular />} onClick={() => void save()}>
        Save report…
      </Button>
      <Text role="status">{said ? said.message : ''}</Text>
      {said?.savedId ? <ShowInFolder savedId={said.savedId} /> : null}
    </div>
  );
}

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
          <ReportActions text={report.text} />
        </>
      ) : null}
    </ContentDialog>
  );
}
