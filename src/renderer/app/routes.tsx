import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Spinner, makeStyles } from '@fluentui/react-components';
import { LoginPage } from '../features/auth/LoginPage';
import { AREAS } from './areas';
import { NotBuilt, NotFound } from './NotBuilt';
import { useSession } from '../lib/session-store';
import { Shell } from './Shell';
import { Home } from './Home';

// One lazily loaded chunk per feature: the initial bundle holds the shell and the login screen only.
const AdminsPage = lazy(() => import('../features/admins/AdminsPage'));
const QuestionBankPage = lazy(() => import('../features/question-bank/QuestionBankPage'));
const ResourcesPage = lazy(() => import('../features/resources/ResourcesPage'));
const LibraryPage = lazy(() => import('../features/library/LibraryPage'));
const MomentsPage = lazy(() => import('../features/library/MomentsPage'));
const TranscriptsPage = lazy(() => import('../features/library/TranscriptsPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage'));

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
          <Route index element={<Home />} />
          <Route path="/admins" element={<AdminsPage />} />
          <Route path="/questions" element={<QuestionBankPage />} />
          <Route path="/resources" element={<ResourcesPage />} />
          <Route path="/library" element={<LibraryPage />} />
          <Route path="/videomoments" element={<MomentsPage />} />
          <Route path="/transcripts" element={<TranscriptsPage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
          {AREAS.filter((a) => !a.built).map((a) => (
            <Route key={a.path} path={a.path} element={<NotBuilt title={a.label} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
