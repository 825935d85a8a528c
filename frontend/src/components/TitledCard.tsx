import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A card that is a section of its page, named by its heading: an icon before the title, and
 * the section labelled by it for screen readers.
 */
export function TitledCard({
  id,
  icon: Icon,
  iconClassName = 'muted',
  title,
  className,
  testId,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  icon: LucideIcon;
  iconClassName?: string;
  title: ReactNode;
  /** Classes beside `card stack-sm`. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `card stack-sm ${className}` : 'card stack-sm'}
      aria-labelledby={id}
      data-testid={testId}
    >
      <CardHeading id={id} icon={Icon} iconClassName={iconClassName}>
        {title}
      </CardHeading>
      {children}
    </section>
  );
}

/** A card's heading: its icon, then its title. */
export function CardHeading({
  id,
  icon: Icon,
  iconClassName = 'muted',
  children,
}: {
  id: string;
  icon: LucideIcon;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="row" style={{ gap: 'var(--space-2)' }}>
      <Icon size={20} aria-hidden className={iconClassName} />
      {children}
    </h2>
  );
}
