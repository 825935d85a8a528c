/**
 * A progress ring: how much of a target is reached, with the value in the middle. `warning`
 * draws it in the warning colour (a target gone past), with its words saying so in `label`.
 */
export function Ring({
  value,
  max,
  label,
  tone = 'normal',
  children,
}: {
  value: number;
  max: number;
  label: string;
  tone?: 'normal' | 'warning';
  children: React.ReactNode;
}) {
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  const share = max > 0 ? Math.min(value / max, 1) : 0;
  return (
    <div className={tone === 'warning' ? 'ring ring-warning' : 'ring'} role="img" aria-label={label}>
      <svg viewBox="0 0 100 100" aria-hidden>
        <circle cx="50" cy="50" r={radius} className="ring-track" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          className="ring-value"
          strokeDasharray={`${share * circumference} ${circumference}`}
        />
      </svg>
      <div className="ring-center">{children}</div>
    </div>
  );
}
