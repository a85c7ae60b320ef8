import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { copyDiagnostics, logToMain } from '../lib/diagnostics';
import { useNotify } from './toast';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (pass the location, so navigating away recovers). */
  resetKey?: string;
}
interface State {
  error: Error | null;
  /** Bumped by "Reload this screen": the screen mounts afresh. */
  attempt: number;
}

export const ERROR_BOUNDARY_TEXT = {
  title: 'This screen could not be shown',
  help: 'The rest of the app still works. Reload this screen, go to another one, or copy the diagnostics into a support request.',
  copy: 'Copy diagnostics',
  reload: 'Reload this screen',
} as const;

function CopyDiagnosticsButton() {
  const notify = useNotify();
  return <Button onClick={() => void copyDiagnostics(notify)}>{ERROR_BOUNDARY_TEXT.copy}</Button>;
}

/**
 * One per route: a screen that throws while rendering (or whose code failed to load) shows this in its
 * place, the error goes to main's log, and the sidebar, header and other screens keep working.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logToMain('error', `a screen failed: ${error.message}`, { route: this.props.resetKey ?? '', stack: error.stack ?? '', componentStack: info.componentStack ?? '' });
  }

  private readonly reload = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (!error) return <ScreenAttempt key={attempt}>{this.props.children}</ScreenAttempt>;
    return (
      <MessageBar intent="error" layout="multiline" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{ERROR_BOUNDARY_TEXT.title}</MessageBarTitle>
          {error.message} {ERROR_BOUNDARY_TEXT.help}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" onClick={this.reload}>
            {ERROR_BOUNDARY_TEXT.reload}
          </Button>
          <CopyDiagnosticsButton />
        </MessageBarActions>
      </MessageBar>
    );
  }
}

/** A keyed wrapper, so that "Reload this screen" mounts the screen again rather than reusing its state. */
function ScreenAttempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
