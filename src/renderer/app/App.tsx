import { FluentProvider, Toaster } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { TOASTER_ID } from '../components/toast';
import { AppEvents } from './AppEvents';
import { DesktopCommands } from './desktop/DesktopCommands';
import { UndoProvider } from '../kit/undo';
import { ActionEndToasts } from './work/ActionEndToasts';
import { AppRoutes } from './routes';
import { queryClient } from './query';
import { useAppTheme } from './theme';
import { useThemeChoice } from '../lib/preferences';

/**
 * The app root. A hash router: the packaged app loads index.html from file://, where path routes
 * cannot work; routes are `#/login`, `#/admins`, ...
 */
export function App() {
  // The theme is a preference kept by main: read through the query client, so the provider sits inside it.
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}

function ThemedApp() {
  const { choice, ready } = useThemeChoice();
  const { theme } = useAppTheme(choice);
  // Nothing until main has sent the preferences (a moment): no flash of the light theme before a dark
  // choice, and every table finds its kept view when it first mounts.
  if (!ready) return null;
  // No className on the provider: Fluent copies its classes onto portal nodes (toasts, dialogs), and a
  // sized class there would cover the window. Navigation renders at once, not as a transition (React
  // rendered a screen in 5 ms slices with frames between them; docs/decisions/screens-and-kit.md, "Navigation and rendering").
  return (
    <FluentProvider theme={theme}>
      <HashRouter useTransitions={false}>
        {/* Top centre, just below the app bar (over it they hid the signed-in name), above the middle of
            the screen's title line: toasts cover neither the page's buttons (Add, Import, ...) at the
            top right nor the pager at the bottom right. No focus group
            (data-tabster): its tab-trapping guards were focusable elements under aria-hidden. No pause on
            hover: a toast that appears over a resting pointer would otherwise stay over the controls beneath
            it for as long as the pointer does. */}
        <Toaster toasterId={TOASTER_ID} position="top" offset={{ vertical: 60 }} limit={4} data-tabster="{}" />
        <UndoProvider>
          <AppEvents />
          <DesktopCommands />
          <ActionEndToasts />
          <AppRoutes />
        </UndoProvider>
      </HashRouter>
    </FluentProvider>
  );
}
