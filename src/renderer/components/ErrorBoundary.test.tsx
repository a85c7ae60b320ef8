import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Button } from '@fluentui/react-components';
import { ErrorBoundary, ERROR_BOUNDARY_TEXT } from './ErrorBoundary';
import { DIAGNOSTICS_TEXT } from '../lib/diagnostics';
import { fakeBridge, renderUi } from '../test/render';

/** A screen that throws while `broken.now` holds. */
const broken = { now: true };
function Screen() {
  if (broken.now) throw new Error('Cannot read properties of undefined (reading "modules")');
  return <p>Courses screen</p>;
}

/** The rest of the app beside the screen: it must keep working. */
function Counter() {
  const [count, setCount] = useState(0);
  return <Button onClick={() => setCount(count + 1)}>Clicked {count}</Button>;
}

describe('a screen that throws', () => {
  it('shows its own error state, logs to main, copies diagnostics and reloads itself, while the rest of the app works', async () => {
    broken.now = true;
    const bridge = fakeBridge({
      'api:desktop.log': () => ({ ok: true, data: {} }),
      'api:desktop.diagnostics': () => ({ ok: true, data: { text: 'Content Console diagnostics' } }),
    });
    // React reports the caught error on the console too; that line is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderUi(
      <>
        <Counter />
        <ErrorBoundary resetKey="/courses">
          <Screen />
        </ErrorBoundary>
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(ERROR_BOUNDARY_TEXT.title)).toBeTruthy();
    expect(alert.textContent).toContain('Cannot read properties of undefined');
    // The error went to main's log, with the route and the stack.
    const [logged] = bridge.inputsOf('api:desktop.log') as { level: string; message: string; details: Record<string, string> }[];
    expect(logged).toMatchObject({ level: 'error', message: 'a screen failed: Cannot read properties of undefined (reading "modules")', details: { route: '/courses' } });
    expect(logged!.details.stack).toContain('Screen');

    // The rest of the app keeps working.
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: ERROR_BOUNDARY_TEXT.copy }));
    // user-event's clipboard stands in for the system's.
    expect(await navigator.clipboard.readText()).toBe('Content Console diagnostics');
    expect(await screen.findByText(DIAGNOSTICS_TEXT.copied)).toBeTruthy();

    // Fixed (the data arrived): Reload this screen mounts it again.
    broken.now = false;
    await user.click(within(alert).getByRole('button', { name: ERROR_BOUNDARY_TEXT.reload }));
    expect(screen.getByText('Courses screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    consoleError.mockRestore();
  });

  it('another route clears the error state', async () => {
    broken.now = true;
    fakeBridge({ 'api:desktop.log': () => ({ ok: true, data: {} }) });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderUi(
      <ErrorBoundary resetKey="/courses">
        <Screen />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    broken.now = false;
    view.rerender(
      <ErrorBoundary resetKey="/users">
        <Screen />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    consoleError.mockRestore();
  });
});
