import type { PushPublicKey, PushSubscriptionView } from '@fitness/contracts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { SettingsStore } from '../../lib/stores/settings.ts';

/**
 * The spec's push notification states for this browser: checking (asking the browser, or
 * subscribing), unsupported (no service worker or Push API here), denied (the user blocked
 * notifications for the site), active (subscribed, and the server knows it); inactive is the
 * switch off while it could be on.
 */
export type PushStatus = 'checking' | 'unsupported' | 'denied' | 'active' | 'inactive';

/** The base64url application server key as PushManager.subscribe() takes it. */
function keyBytes(base64url: string) {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * Push notifications in this browser, as the settings switch drives them: subscribing asks for
 * the permission, subscribes with the server's VAPID key and tells the server (which sends to
 * every browser a user subscribed); unsubscribing tells the server, then the browser. The
 * `pushNotifications` setting follows the switch, so the senders obey it on every device.
 */
export function createPushNotifications(
  api: ApiClient,
  settings: SettingsStore,
  serviceWorker: () => Promise<ServiceWorkerRegistration | null>,
) {
  const state = proxy({ status: 'checking' as PushStatus });

  async function registration() {
    if (!('PushManager' in window) || !('Notification' in window)) return null;
    // Without the app's service worker (a development server) nothing could show a push.
    return await serviceWorker();
  }

  /** The browser's subscription, sent to the server (again: the same endpoint is one subscription). */
  async function save(subscription: PushSubscription) {
    await api.post<PushSubscriptionView>('/me/push-subscriptions', {
      ...subscription.toJSON(),
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  }

  /** Reads the browser's state; a subscription it holds is re-sent, so the server's stays in step. */
  async function check() {
    state.status = 'checking';
    const worker = await registration();
    if (!worker) {
      state.status = 'unsupported';
      return;
    }
    if (Notification.permission === 'denied') {
      state.status = 'denied';
      return;
    }
    const subscription = await worker.pushManager.getSubscription();
    if (!subscription || Notification.permission !== 'granted' || !settings.state.pushNotifications) {
      state.status = 'inactive';
      return;
    }
    await save(subscription);
    state.status = 'active';
  }

  async function enable() {
    state.status = 'checking';
    try {
      const worker = await registration();
      if (!worker) {
        state.status = 'unsupported';
        return;
      }
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        state.status = permission === 'denied' ? 'denied' : 'inactive';
        return;
      }
      const { public_key } = await api.get<PushPublicKey>('/push/public-key');
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
      await save(subscription);
      settings.update('pushNotifications', true);
      state.status = 'active';
    } catch (error) {
      state.status = 'inactive';
      throw error;
    }
  }

  async function disable() {
    state.status = 'checking';
    try {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (subscription) {
        const { data } = await api.get<{ data: PushSubscriptionView[] }>('/me/push-subscriptions');
        const known = data.find((entry) => entry.endpoint === subscription.endpoint);
        if (known) await api.delete(`/me/push-subscriptions/${known.id}`);
        await subscription.unsubscribe();
      }
      settings.update('pushNotifications', false);
      state.status = 'inactive';
    } catch (error) {
      state.status = 'active';
      throw error;
    }
  }

  return { state, check, enable, disable };
}

export type PushNotifications = ReturnType<typeof createPushNotifications>;
