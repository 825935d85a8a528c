import { Disc3 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatNumber, formatWeightIn } from '../lib/format.ts';
import { gymOf, loadPlates, type PlateUnit } from '../lib/plates.ts';
import { useServices } from '../lib/services.ts';
import { Button } from './Button.tsx';
import { useModalDialog } from './useModalDialog.ts';
import './plate-calculator.css';

/**
 * A barbell set's plates: a small button that opens what goes on each side of the bar for
 * `weight` (in `unit`, as the row shows it), with the user's bar and plates from Settings.
 * Nothing to load (no weight) leaves the button disabled.
 */
export function PlateCalculator({ weight, unit }: { weight: number | null; unit: PlateUnit }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  const titleId = useId();
  const loadable = weight !== null && Number.isFinite(weight) && weight > 0;
  const amount = (value: number) => formatWeightIn(value, unit, i18n.language);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="plate-calculator-open"
        icon={<Disc3 size={18} aria-hidden />}
        label={loadable ? t('plates.openFor', { weight: amount(weight) }) : t('plates.open')}
        disabled={!loadable}
        onClick={() => setOpen(true)}
      />
      <dialog ref={ref} className="dialog plate-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        {open && loadable && (
          <div className="stack">
            <h2 id={titleId}>{t('plates.title', { weight: amount(weight) })}</h2>
            <PlateLoadView weight={weight} unit={unit} amount={amount} />
            <div className="dialog-actions" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Link href="/settings#plates" onClick={() => setOpen(false)}>
                {t('plates.change')}
              </Link>
              <Button variant="primary" onClick={() => setOpen(false)}>
                {t('common.close')}
              </Button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}

/** Plate colours by size, heaviest first, after the competition colours (red, blue, yellow, green, white...). */
const PLATE_COLOURS = ['red', 'blue', 'yellow', 'green', 'white', 'black', 'silver'] as const;

function PlateLoadView({ weight, unit, amount }: { weight: number; unit: PlateUnit; amount: (n: number) => string }) {
  const { t, i18n } = useTranslation();
  const settings = useSnapshot(useServices().settings.state);
  const gym = gymOf(settings, unit);
  const load = loadPlates(weight, gym);
  if (load.kind === 'below-bar') {
    return (
      <p className="notice" role="status">
        {t('plates.belowBar', { weight: amount(weight), bar: amount(gym.bar) })}
      </p>
    );
  }
  const sizes = [...new Set(gym.plates)].sort((a, b) => b - a);
  const heaviest = sizes[0] ?? 1;
  const chips = load.perSide.flatMap(({ plate, count }) => Array.from({ length: count }, () => plate));
  return (
    <div className="stack-sm">
      <h3 className="plate-side-title">{t('plates.perSide')}</h3>
      {chips.length === 0 ? (
        <p className="muted">{t('plates.barOnly')}</p>
      ) : (
        <>
          <div className="plate-bar" aria-hidden>
            <span className="plate-sleeve" />
            {chips.map((plate, index) => (
              <span
                // The same plate twice is two chips: their place on the bar is who they are.
                // biome-ignore lint/suspicious/noArrayIndexKey: a plate's position is its identity here
                key={index}
                className="plate-chip"
                data-colour={PLATE_COLOURS[sizes.indexOf(plate)] ?? 'silver'}
                style={{ blockSize: `${Math.max(38, 100 * Math.sqrt(plate / heaviest))}%` }}
              >
                {formatNumber(plate, i18n.language, 2)}
              </span>
            ))}
          </div>
          <ul className="plate-list" data-testid="plates-per-side">
            {load.perSide.map(({ plate, count }) => (
              <li key={plate}>
                <span className="plate-count">{t('plates.times', { n: formatNumber(count, i18n.language, 0) })}</span>{' '}
                {amount(plate)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">{t('plates.onBar', { bar: amount(gym.bar), total: amount(load.total) })}</p>
      {load.kind === 'closest' && (
        <p className="notice notice-warning" role="status">
          {t('plates.leftOver', { weight: amount(weight), total: amount(load.total), leftOver: amount(load.leftOver) })}
        </p>
      )}
    </div>
  );
}
