import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createServices } from './app/services.ts';
import { initI18n } from './lib/i18n.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';

/** The spec's startup failure screen: plain DOM, since React itself may be what failed. */
function showStartupFailure(error: unknown) {
  console.error('App Failed to Load', error);
  const root = document.getElementById('root') ?? document.body;
  root.replaceChildren();
  const box = document.createElement('div');
  box.className = 'card';
  box.setAttribute('role', 'alert');
  box.style.cssText = 'max-inline-size:32rem;margin:10vh auto;display:flex;flex-direction:column;gap:1rem';
  const title = document.createElement('h1');
  title.textContent = 'App Failed to Load';
  const detail = document.createElement('pre');
  detail.style.cssText = 'white-space:pre-wrap;margin:0;color:var(--danger)';
  detail.textContent = error instanceof Error ? error.message : String(error);
  const reload = document.createElement('button');
  reload.className = 'btn btn-primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  box.append(title, detail, reload);
  root.append(box);
}

async function start() {
  const app = createServices();
  // The service worker (offline shell, pushes, new versions); a failure is logged, not fatal.
  app.serviceWorker.register().catch((error) => console.error('Service worker registration failed', error));
  await initI18n(app.initialLanguage());
  await app.start();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
}

start().catch(showStartupFailure);
