import { proxy } from 'valtio';

/**
 * The page's side of the service worker (/sw.js): registers it, notices a new version that has
 * installed and waits (the page then offers "Reload" instead of running old code against a
 * new shell), hands it over on request, and follows a push notification's click to its screen.
 */
export function createServiceWorker(options: {
  /** False where there is no built worker to register (the development server). */
  enabled: boolean;
  navigate(path: string): void;
}) {
  const state = proxy({ updateReady: false });
  let waiting: ServiceWorker | null = null;
  let registered: (registration: ServiceWorkerRegistration | null) => void = () => undefined;
  /** The app's registration once `register` is done; null where there is none. */
  const registration = new Promise<ServiceWorkerRegistration | null>((resolve) => {
    registered = resolve;
  });

  function offer(worker: ServiceWorker) {
    waiting = worker;
    state.updateReady = true;
  }

  async function register() {
    if (!options.enabled || !('serviceWorker' in navigator)) {
      registered(null);
      return;
    }
    try {
      registered(await follow(navigator.serviceWorker));
    } catch (error) {
      registered(null);
      throw error;
    }
  }

  async function follow(container: ServiceWorkerContainer) {
    container.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === 'navigate' && typeof data.url === 'string' && data.url.startsWith('/')) {
        options.navigate(data.url);
      }
    });
    // The waiting version took over because the user asked for it: load what it serves.
    let reloading = false;
    container.addEventListener('controllerchange', () => {
      if (!state.updateReady || reloading) return;
      reloading = true;
      window.location.reload();
    });

    const worker = await container.register('/sw.js', { scope: '/' });
    // Installed on an earlier visit, still waiting for the old version's tabs to close.
    if (worker.waiting && container.controller) offer(worker.waiting);
    worker.addEventListener('updatefound', () => {
      const installing = worker.installing;
      installing?.addEventListener('statechange', () => {
        // Installed while an older version controls this page: it waits for the user.
        if (installing.state === 'installed' && container.controller) offer(installing);
      });
    });
    // A tab left open for days looks for a new version when it comes back to the front.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') worker.update().catch(() => undefined);
    });
    return worker;
  }

  /** Takes the new version: it activates, and the page reloads on the controller change. */
  function update() {
    if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' });
    else window.location.reload();
  }

  return { state, register, update, registration: () => registration };
}

export type ServiceWorkerClient = ReturnType<typeof createServiceWorker>;
