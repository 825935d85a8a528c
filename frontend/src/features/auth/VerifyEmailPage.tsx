import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useSearch } from 'wouter';
import { serverMessage } from '../../lib/form.ts';
import { fieldRefusal } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';
import { Done } from './Done.tsx';
import { ResendVerification } from './ResendVerification.tsx';

type Outcome = { state: 'verifying' } | { state: 'verified' } | { state: 'refused'; message: string };

/**
 * The mailed verification link's screen, signed in or not: it confirms the token from the link
 * at once. Without a token (or after a refusal) a signed-in user may ask for a new link.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const { user } = useSnapshot(auth.state);
  const token = new URLSearchParams(useSearch()).get('token');
  const [outcome, setOutcome] = useState<Outcome | null>(token ? { state: 'verifying' } : null);
  const asked = useRef(false);

  useEffect(() => {
    // Once per link, however often React runs effects.
    if (!token || asked.current) return;
    asked.current = true;
    auth
      .verifyEmail(token)
      .then(() => setOutcome({ state: 'verified' }))
      .catch((error: unknown) =>
        setOutcome({
          state: 'refused',
          message: fieldRefusal(t, error, 'token') ?? serverMessage(error) ?? t('auth.verifyFailed'),
        }),
      );
  }, [auth, token, t]);

  const home = user ? '/dashboard' : '/login';
  return (
    <div className="card guest-card stack">
      <h1>{t('auth.verifyTitle')}</h1>
      {outcome?.state === 'verifying' && (
        <p className="muted" role="status">
          {t('auth.verifying')}
        </p>
      )}
      {outcome?.state === 'verified' && (
        <Done message={t('auth.verified')} href={home} label={user ? t('auth.continueToApp') : t('auth.login')} />
      )}
      {outcome?.state === 'refused' && (
        <p className="field-error" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome === null && <p className="muted">{t('auth.verifyBody')}</p>}
      {outcome?.state !== 'verified' && outcome?.state !== 'verifying' && (
        <>
          {user && !user.email_verified_at && <ResendVerification email={user.email} />}
          <Link href={home}>{user ? t('auth.continueToApp') : t('auth.backToLogin')}</Link>
        </>
      )}
    </div>
  );
}
