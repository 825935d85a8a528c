import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';

/**
 * Where Google sends the browser back (no guard: whoever arrives here is finishing a sign-in).
 * Hands the whole query to the API, which checks it against the sign-in this browser started;
 * then goes where the sign-in was started from, or tells why it failed with the way back.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { auth } = useServices();
  const [failure, setFailure] = useState('');
  // The server takes each sign-in once: a second run of the effect must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    auth
      .finishGoogleSignIn(window.location.search)
      .then((redirect) => navigate(redirect, { replace: true }))
      .catch((error: unknown) => setFailure(reasonOf(error, t)));
  }, [auth, navigate, t]);

  return (
    <div className="card guest-card stack">
      <h1>{failure ? t('auth.googleCallbackFailed') : t('auth.googleCallbackTitle')}</h1>
      {failure ? (
        <>
          <p className="field-error" role="alert">
            {failure}
          </p>
          <Link href="/login">{t('auth.backToLogin')}</Link>
        </>
      ) : (
        <div className="row" role="status">
          <div className="spinner" aria-hidden />
          <span>{t('auth.googleSigningIn')}</span>
        </div>
      )}
    </div>
  );
}

/** Why, in the user's language: by the part of the callback the server refused, else by status. */
function reasonOf(error: unknown, t: TFunction) {
  if (!(error instanceof ApiError)) return t('auth.googleFailed');
  if (error.status === 422) {
    const [field] = Object.keys(error.fieldErrors);
    if (field === 'state') return t('auth.googleExpired');
    if (field === 'error') return t('auth.googleCancelled');
    if (field === 'email') return t('auth.googleEmailUnverified');
    if (field === 'code') return t('auth.googleNotVerified');
  }
  if (error.status === 403) return t('auth.googleRegistrationClosed');
  if (error.status === 404) return t('auth.googleNotConfigured');
  return t('auth.googleFailed');
}
