import { FluentProvider, Toaster, makeStyles } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { TOASTER_ID } from '../components/toast';
import { AppEvents } from './AppEvents';
import { AppRoutes } from './routes';
import { queryClient } from './query';
import { useOsTheme } from './theme';

const useStyles = makeStyles({ provider: { height: '100%' } });

/**
 * The app root. A hash router: the packaged app loads index.html from file://, where path routes
 * cannot work; routes are `#/login`, `#/admins`, ...
 */
export function App() {
  const { theme } = useOsTheme();
  const styles = useStyles();
  return (
    <FluentProvider theme={theme} className={styles.provider}>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover limit={4} />
          <AppEvents />
          <AppRoutes />
        </HashRouter>
      </QueryClientProvider>
    </FluentProvider>
  );
}
