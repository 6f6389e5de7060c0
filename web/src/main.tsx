// Latin only (Spanish accents included): the app has no text in another alphabet.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/lora/latin-500.css';
import '@fontsource/lora/latin-600.css';
import './app/mantine.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { App } from './app/App.tsx';
import { whenRouted } from './app/router.ts';

// Zod would probe for eval (new Function) to build faster parsers; the content security policy forbids
// eval, and browsers report every such probe as a violation.
zodConfig({ jitless: true });

// The server sends most pages' first screen as HTML (web/page-shells.ts); it stays until React has the
// page ready to take its place. Rendering as a transition lets React yield to the browser as it goes, so
// the render does not hold the main thread in one long task.
const root = createRoot(document.getElementById('root')!);
void whenRouted().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// The offline service worker and its update prompt load in their own chunk, after the first page.
void import('./app/service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker());
