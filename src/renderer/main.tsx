import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { untabUnneededGuards } from './app/tab-guards';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
untabUnneededGuards();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
