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

// The service worker: device notifications (Settings → Notifications on this device) and the
// offline shell of the installed app. Registered after the first paint so it never delays it.
if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}
