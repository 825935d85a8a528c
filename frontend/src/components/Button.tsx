import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
  icon?: ReactNode;
  /** Shows the label of the pending action and blocks double submits. */
  busy?: boolean;
  block?: boolean;
  /** For icon-only buttons: the accessible name. */
  label?: string;
};

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  busy,
  block,
  label,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: Props) {
  const classes = [
    'btn',
    `btn-${variant}`,
    size === 'sm' && 'btn-sm',
    !children && 'btn-icon',
    block && 'btn-block',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-label={label}
      title={label}
      {...rest}
    >
      {busy ? (
        <span className="spinner" style={{ inlineSize: '1rem', blockSize: '1rem', borderWidth: 2 }} aria-hidden />
      ) : (
        icon
      )}
      {children}
    </button>
  );
}
