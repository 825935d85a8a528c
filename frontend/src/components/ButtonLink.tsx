import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A link to another screen that looks like a button: its icon, then its label. */
export function ButtonLink({
  href,
  variant = 'secondary',
  icon,
  children,
}: {
  href: string;
  variant?: 'primary' | 'secondary';
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={`btn btn-${variant}`}>
      {icon}
      {children}
    </Link>
  );
}
