import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '../../shared/messages';
import { useNotify } from '../components/toast';
import { queryClient } from './query';
import { currentSession, useSession } from '../lib/session-store';

/** Loads the session at start and follows main's events (session ended, deep-link navigation). */
export function AppEvents() {
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const setSession = useSession((s) => s.setSession);
  const clear = useSession((s) => s.clear);

  useEffect(() => {
    let alive = true;
    void currentSession().then((result) => {
      if (!alive) return;
      if (result.ok) setSession(result.data);
      else {
        clear();
        notify.error(result.error.message || MSG.somethingWentWrong);
      }
    });
    return () => {
      alive = false;
    };
  }, [setSession, clear, notify]);

  // The latest location, for the 'from' of a session that ended under the user.
  const hereRef = useRef('/');
  hereRef.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    const offEnded = window.api.on('session:ended', ({ reason }) => {
      const wasSignedIn = useSession.getState().user !== null;
      clear();
      queryClient.clear();
      navigate('/login', { replace: true, state: wasSignedIn ? { from: hereRef.current } : undefined });
      notify.error(reason || 'Your session has ended. Please log in again.');
    });
    const offNavigate = window.api.on('navigate', ({ path }) => {
      if (typeof path === 'string' && path.startsWith('/')) navigate(path);
    });
    // Said once by main (History could not be saved); stays until dismissed.
    const offNotice = window.api.on('app:notice', ({ message }) => notify.error(message));
    // A bulk upload or a folder import wrote to a service: its screens (and History) show it now, not at their next open.
    const offChanged = window.api.on('lists:changed', ({ service }) => {
      void queryClient.invalidateQueries({ queryKey: [service] });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    });
    return () => {
      offEnded();
      offNavigate();
      offNotice();
      offChanged();
    };
  }, [navigate, clear, notify]);

  return null;
}
