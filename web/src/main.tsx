// Latin only (Spanish accents included): the app has no text in another alphabet.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/lora/latin-500.css';
import '@fontsource/lora/latin-600.css';
import './app/mantine.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { App } from './app/App.tsx';

// Zod would probe for eval (new Function) to build faster parsers; the content security policy forbids
// eval, and browsers report every such probe as a violation.
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The offline service worker and its update prompt load in their own chunk, after the first page.
void import('./app/service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker());
