import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/lora/500.css';
import '@fontsource/lora/600.css';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The offline service worker and its update prompt load in their own chunk, after the first page.
void import('./app/service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker());
