import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Spinner, makeStyles } from '@fluentui/react-components';
import { LoginPage } from '../features/auth/LoginPage';
import { AREAS, HOME_SCREEN as HomeScreen, INNER_ROUTES } from './areas';
import { NotBuilt, NotFound } from './NotBuilt';
import { useSession } from '../lib/session-store';
import { Shell } from './Shell';

const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));

const useStyles = makeStyles({
  splash: { height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

function Splash() {
  const styles = useStyles();
  return (
    <div className={styles.splash}>
      <Spinner label="Loading…" />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<Splash />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Route guard: without a session the login screen stands in for whatever route was asked for. */
function RequireSession() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  if (status === 'loading') return <Splash />;
  if (!user) return <LoginPage />;
  return <Outlet />;
}

/** /login itself: signed in already → home. */
function LoginRoute() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (status === 'loading') return <Splash />;
  if (user) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }
  return <LoginPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      {/* The password screens show themselves with or without a session. */}
      <Route path="/forgot-password" element={<Lazy><ForgotPasswordPage /></Lazy>} />
      <Route path="/reset-password" element={<Lazy><ResetPasswordPage /></Lazy>} />
      <Route path="/login" element={<LoginRoute />} />
      <Route element={<RequireSession />}>
        <Route element={<Shell />}>
          <Route index element={<HomeScreen />} />
          {AREAS.map(({ path, label, screen: Screen }) => (
            <Route key={path} path={path} element={Screen ? <Screen /> : <NotBuilt title={label} />} />
          ))}
          {INNER_ROUTES.map(({ path, screen: Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
