import type { ReactNode } from 'react';

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
