import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { ApiError, type FieldErrors } from '../../lib/api-client.ts';
import { tooManyAttempts } from '../../lib/refusals.ts';
import { siteState } from '../../lib/stores/site.ts';
import { afterLogin } from './after-login.ts';
import { GoogleButton } from './GoogleButton.tsx';

/** The card every sign-in screen sits in: a heading, a line under it, and a form-wide error. */
export function AuthCard({
  title,
  subtitle,
  error,
  children,
}: {
  title: string;
  subtitle: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="card guest-card stack">
      <div className="stack-sm">
        <h1>{title}</h1>
        <p className="muted">{subtitle}</p>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * What a failed sign-in or registration shows: the fields the server refused (422), how long
 * to wait when it asks to (429), else the server's message, else `fallback` (no answer at all, or
 * one without a message).
 */
export function authFailure(
  error: unknown,
  fallback: string,
  i18n: Pick<i18n, 't' | 'language'>,
): { fieldErrors: FieldErrors } | { formError: string } {
  if (error instanceof ApiError && error.status === 422) return { fieldErrors: error.fieldErrors };
  // The server's own words are English; the reader gets theirs, with how long to wait.
  if (error instanceof ApiError && error.status === 429)
    return { formError: tooManyAttempts(i18n.t, error, i18n.language) };
  return { formError: (error instanceof ApiError && error.status !== null && error.message) || fallback };
}

/**
 * Under a sign-in form: Google (when the site offers it), and the way to the other form, both
 * keeping where to go afterwards.
 */
export function AuthAlternatives({
  prompt,
  linkLabel,
  path,
  search,
}: {
  prompt: string;
  linkLabel: string;
  path: string;
  search: string;
}) {
  const { t } = useTranslation();
  const site = useSnapshot(siteState);
  return (
    <>
      {site.info?.google_sign_in && (
        <>
          <div className="divider">{t('auth.or')}</div>
          <GoogleButton redirect={afterLogin(search)} />
        </>
      )}
      <p className="muted" style={{ textAlign: 'center' }}>
        {prompt} <Link href={`${path}${search ? `?${search}` : ''}`}>{linkLabel}</Link>
      </p>
    </>
  );
}
