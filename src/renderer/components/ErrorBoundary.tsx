import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (pass the location, so navigating away recovers). */
  resetKey?: string;
}
interface State {
  error: Error | null;
}

/** Catches a screen that failed to render or to load its chunk, and offers a reload. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline" role="alert">
        <MessageBarBody>
          <MessageBarTitle>This screen could not be shown</MessageBarTitle>
          {error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}
