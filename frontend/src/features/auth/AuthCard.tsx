import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
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
