import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { untabUnneededGuards } from './app/tab-guards';
import { installPlainMessages } from '../shared/plain-issues';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
untabUnneededGuards();
// A rule without the spec's text says itself in plain words, never valibot's own.
installPlainMessages();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
