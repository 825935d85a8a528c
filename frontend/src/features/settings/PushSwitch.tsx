import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useServices } from '../../lib/services.ts';
import type { PushNotifications } from './push-notifications.ts';

/**
 * The settings' push switch: on subscribes this browser for real, off unsubscribes it. Where
 * it cannot be on (no support, notifications blocked) it is disabled and says why.
 */
export function PushSwitch({ push }: { push: PushNotifications }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const { status } = useSnapshot(push.state);

  useEffect(() => {
    push.check().catch((error) => console.error('Push state check failed', error));
  }, [push]);

  function change(on: boolean) {
    (on ? push.enable() : push.disable())
      .then(() => {
        const now = push.state.status;
        if (now === 'active') toasts.success(t('settings.push.enabled'));
        else if (now === 'inactive' && !on) toasts.success(t('settings.push.disabled'));
      })
      .catch((error) => {
        console.error('Push subscription change failed', error);
        toasts.error(t('settings.push.failed'));
      });
  }

  return (
    <div className="switch-row">
      <div className="stack-sm">
        <label htmlFor="setting-pushNotifications">{t('settings.pushNotifications')}</label>
        <span
          id="push-status"
          className={status === 'denied' ? 'field-error' : 'muted'}
          data-testid="push-status"
          data-status={status}
          style={{ fontSize: 'var(--text-sm)' }}
        >
          {t(`settings.push.${status}`)}
        </span>
      </div>
      <input
        id="setting-pushNotifications"
        type="checkbox"
        role="switch"
        className="switch"
        aria-checked={status === 'active'}
        aria-describedby="push-status"
        aria-busy={status === 'checking' || undefined}
        checked={status === 'active'}
        disabled={status !== 'active' && status !== 'inactive'}
        onChange={(e) => change(e.target.checked)}
      />
    </div>
  );
}
