import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../components/Button.tsx';
import { ResendVerification } from '../features/auth/ResendVerification.tsx';
import { useServices } from '../lib/services.ts';

/** Per tab: a dismissed banner stays away while the tab is open, and comes back in a new one. */
const DISMISSED_KEY = 'verify_email_banner_dismissed';
/** Where the address goes in verifyBanner.message, once translated with an empty address. */
const EMAIL_MARK = '<email></email>';

function dismissedFor() {
  try {
    return globalThis.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Asks a signed-in user whose address is not verified yet to verify it, with a way to have the
 * link mailed again. The app works without it, so the banner can be dismissed.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const { user } = useSnapshot(auth.state);
  const [dismissed, setDismissed] = useState(() => dismissedFor() === user?.id);
  if (!user || user.email_verified_at || dismissed) return null;
  const [before, after] = t('verifyBanner.message', { email: '' }).split(EMAIL_MARK);

  function dismiss() {
    setDismissed(true);
    try {
      globalThis.sessionStorage.setItem(DISMISSED_KEY, user?.id ?? '');
    } catch {
      // Without session storage the banner is dismissed until the next page.
    }
  }

  return (
    <aside className="notice verify-banner" aria-label={t('verifyBanner.label')}>
      <MailWarning size={20} aria-hidden />
      <p className="verify-banner-text">
        {/* Split by hand: react-i18next's <Trans> would cost every first screen 4 KB gzipped for this one sentence. */}
        {before}
        <bdi className="email">{user.email}</bdi>
        {after}
      </p>
      <div className="row verify-banner-actions">
        <ResendVerification email={user.email} size="sm" />
        <Button
          variant="ghost"
          size="sm"
          icon={<X size={16} aria-hidden />}
          label={t('verifyBanner.dismiss')}
          onClick={dismiss}
        />
      </div>
    </aside>
  );
}
