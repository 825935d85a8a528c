import { CloudOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../components/Button.tsx';
import { useServices } from '../lib/services.ts';
import './offline-indicator.css';

/**
 * A quiet line while there is no connection or changes wait to be sent ("Offline · 3 changes
 * waiting"), and each change the server did not keep, in plain words, until dismissed. Both are a
 * polite live region: a screen reader tells them when it is done speaking, without a focus move.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const { offline } = useServices();
  const { online, waiting, notKept, signInNeeded } = useSnapshot(offline.state);
  const line = signInNeeded
    ? t('offline.signIn', { count: waiting })
    : !online
      ? waiting > 0
        ? t('offline.offline', { count: waiting })
        : t('offline.offlineNothing')
      : waiting > 0
        ? t('offline.sending', { count: waiting })
        : null;
  return (
    <section className="offline-indicator" aria-label={t('offline.label')} aria-live="polite">
      {line && (
        <p className="offline-line">
          <CloudOff size={16} aria-hidden />
          <span>{line}</span>
        </p>
      )}
      {notKept.length > 0 && (
        <ul className="offline-not-kept">
          {notKept.map((refused) => (
            <li key={refused.seq}>
              <span>
                {refused.because
                  ? t('offline.notKeptBecause', { label: refused.label, because: refused.because })
                  : t('offline.notKept', {
                      label: refused.label,
                      // The server's messages are English; what a 404 means here is said in the user's language.
                      message: refused.status === 404 ? t('offline.deleted') : refused.message,
                    })}
              </span>
              <Button
                variant="ghost"
                icon={<X size={16} aria-hidden />}
                label={t('offline.dismiss')}
                onClick={() => void offline.dismiss(refused.seq)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
