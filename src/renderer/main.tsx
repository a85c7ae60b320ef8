import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { untabUnneededGuards } from './app/tab-guards';
import { queryClient } from './app/query';
import { callQuery } from './lib/calls';
import { askSessionAtStart } from './lib/session-store';
import { installPlainMessages } from '../shared/plain-issues';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
untabUnneededGuards();
// The two answers the first screen waits for, asked together before React renders (each used to wait
// for the one before it: the preferences, then, once the app rendered, the session).
void queryClient.prefetchQuery(callQuery('settings.preferences'));
askSessionAtStart();
// A rule without the spec's text says itself in plain words, never valibot's own.
installPlainMessages();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
