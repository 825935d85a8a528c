import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadScreen, preloadScreens } from './app/routes.tsx';
import { createServices } from './app/services.ts';
import { prepareFormats } from './lib/format.ts';
import { initI18n } from './lib/i18n.ts';
import './styles/tokens.css';
import './styles/base.css';
// The shared components' styles, in this order: a later file's rule wins a tie with an earlier one's.
import './styles/components/buttons.css';
import './styles/components/fields.css';
import './styles/components/cards.css';
import './styles/components/loading.css';
import './styles/components/dialogs.css';
import './styles/components/toasts.css';
import './styles/components/link-cards.css';
import './styles/components/forms.css';
import './styles/components/library.css';
import './styles/components/meters-and-charts.css';
import './styles/components/achievements.css';
import './styles/components/admin-nav.css';
import './styles/components/settings.css';
import './styles/components/email.css';
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
  // The first screen's code downloads while the texts, the session and the live channel are set up.
  const firstScreen = preloadScreen(window.location.pathname, app.hasStoredSession()).catch(() => undefined);
  // A page's first Intl formatter loads the locale's data (~30 ms at a phone's CPU speed), which
  // fell inside the render of the dashboard's first numbers and dates, a task that held taps
  // back: it is loaded in a task of its own while the app waits for its session and first screen.
  setTimeout(() => prepareFormats(app.initialLanguage()));
  await initI18n(app.initialLanguage());
  await app.start();
  await firstScreen;
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices of a few ms and lets the browser
  // in between, instead of in one task the length of the whole tree (on a phone, hundreds of ms
  // in which a tap waits).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App app={app} />
      </StrictMode>,
    );
  });
  // Once the first screen is up and the browser is idle: the live channel, the other screens this
  // visitor may open, then the service worker (offline shell, pushes, new versions; a failure is
  // logged, not fatal).
  whenSettled(async () => {
    app.firstScreenShown();
    await preloadScreens(app.access());
    await app.serviceWorker.register().catch((error) => console.error('Service worker registration failed', error));
  });
}

/**
 * Runs `task` once the page has loaded and the browser has a quiet moment: installing the
 * worker downloads every screen for offline use, which must not compete with the first one.
 */
function whenSettled(task: () => unknown) {
  // Safari has no requestIdleCallback: a second's wait there.
  const soon = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1000);
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });
}

start().catch(showStartupFailure);
