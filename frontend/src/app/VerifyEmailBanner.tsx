import { ChevronDown, MailWarning, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../components/Button.tsx';
import { ResendVerification } from '../features/auth/ResendVerification.tsx';
import { useServices } from '../lib/services.ts';
import './verify-email-banner.css';

/**
 * Put off for this sign-in in this tab: the key holds the session's token id (never its secret),
 * so the banner is back after the next sign-in, or in another tab.
 */
const DISMISSED_KEY = 'verify_email_banner_dismissed';
/** Where the address goes in verifyBanner.message, once translated with an empty address. */
const EMAIL_MARK = '<email></email>';

/** The sign-in a token stands for: its user and token ids ("user.token.secret"), not the secret. */
const signInOf = (token: string | null) => token?.split('.').slice(0, 2).join('.') ?? '';

function dismissedFor() {
  try {
    return globalThis.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Asks a signed-in user whose address is not verified yet to verify it: one line on a phone
 * (what to do, and a new link), the details on demand. The app works without it, so it can be
 * put off for the session.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const { user, token } = useSnapshot(auth.state);
  const detailsId = useId();
  const signIn = signInOf(token);
  const [dismissed, setDismissed] = useState(() => dismissedFor());
  const [open, setOpen] = useState(false);
  if (!user || user.email_verified_at || dismissed === signIn) return null;
  const [before, after] = t('verifyBanner.message', { email: '' }).split(EMAIL_MARK);

  function dismiss() {
    setDismissed(signIn);
    try {
      globalThis.sessionStorage.setItem(DISMISSED_KEY, signIn);
    } catch {
      // Without session storage the banner is put off until the next page.
    }
  }

  return (
    <aside className="notice verify-banner" aria-label={t('verifyBanner.label')}>
      <div className="verify-banner-line">
        <MailWarning size={18} aria-hidden />
        <button
          type="button"
          className="verify-banner-toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          <span className="verify-banner-short">{t('verifyBanner.short')}</span>
          <ChevronDown
            size={16}
            aria-hidden
            className={open ? 'verify-banner-chevron open' : 'verify-banner-chevron'}
          />
        </button>
        <ResendVerification email={user.email} compact />
        <Button
          variant="ghost"
          size="sm"
          icon={<X size={16} aria-hidden />}
          label={t('verifyBanner.dismiss')}
          onClick={dismiss}
        />
      </div>
      <p id={detailsId} className="verify-banner-details" hidden={!open}>
        {/* Split by hand: react-i18next's <Trans> would cost every first screen 4 KB gzipped for this one sentence. */}
        {before}
        <bdi className="email">{user.email}</bdi>
        {after}
      </p>
    </aside>
  );
}
