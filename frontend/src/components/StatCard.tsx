import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A card that shows one number: its icon, the number, what it counts, and what goes under it
 * (a detail, a meter, a form). The dashboard's today cards and the admin dashboard's stats.
 */
export function StatCard({
  icon: Icon,
  value,
  label,
  className,
  testId,
  valueTestId,
  children,
}: {
  icon: LucideIcon;
  value: ReactNode;
  label: ReactNode;
  className?: string;
  testId?: string;
  valueTestId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className ? `card stat ${className}` : 'card stat'} data-testid={testId}>
      <Icon size={20} aria-hidden className="muted" />
      <span className="stat-value" data-testid={valueTestId}>
        {value}
      </span>
      <span className="stat-label">{label}</span>
      {children}
    </div>
  );
}
