import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@web/styles/index.css';
import { App } from '@web/app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
