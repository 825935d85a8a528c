import { CLIENT_SETTING_NUMBERS, isValidClientSetting } from '@fitness/contracts/users/client-settings.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatNumber, unitLabel } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import type { SettingKey, Settings } from '../../lib/stores/settings.ts';
import { parseDecimal, weightUnit } from '../../lib/units.ts';
import './plates-settings.css';

/** The plates gyms commonly have, offered to pick from, in each unit. */
const COMMON_PLATES = {
  kg: [50, 25, 20, 15, 10, 5, 2.5, 2, 1.5, 1.25, 1, 0.5, 0.25],
  lb: [55, 45, 35, 25, 15, 10, 5, 2.5, 1.25],
};

/**
 * The plate calculator's bar and plates, in the unit the user reads weights in (each unit keeps
 * its own: a gym in pounds has other plates than one in kilograms).
 */
export function PlatesSettings({ update }: { update: <K extends SettingKey>(key: K, value: Settings[K]) => void }) {
  const { t, i18n } = useTranslation();
  const settings = useSnapshot(useServices().settings.state);
  const unit = weightUnit(settings.units);
  const barKey = unit === 'kg' ? 'barWeightKg' : 'barWeightLb';
  const platesKey = unit === 'kg' ? 'platesKg' : 'platesLb';
  const bar = settings[barKey];
  const plates = settings[platesKey];
  const [barText, setBarText] = useState(String(bar));
  const [barError, setBarError] = useState('');
  const barId = useId();
  const platesLabel = useId();
  const section = useRef<HTMLDivElement>(null);

  // The unit changed, or another device set the bar: show what is kept now.
  useEffect(() => {
    setBarText(String(bar));
    setBarError('');
  }, [bar]);

  // The plate calculator's "Change bar and plates" link lands here.
  useEffect(() => {
    if (window.location.hash === '#plates') section.current?.scrollIntoView({ block: 'start' });
  }, []);

  const bounds = CLIENT_SETTING_NUMBERS[barKey];
  function saveBar(text: string) {
    setBarText(text);
    const value = parseDecimal(text);
    if (text.trim() === '' || !isValidClientSetting(barKey, value)) {
      setBarError(
        t('settings.invalidBar', {
          max: formatNumber(bounds.maximum, i18n.language),
          unit: unitLabel(unit, i18n.language),
        }),
      );
      return;
    }
    setBarError('');
    if (value !== bar) update(barKey, value);
  }

  const offered = [...new Set([...COMMON_PLATES[unit], ...plates])].sort((a, b) => b - a);
  function togglePlate(plate: number) {
    const next = plates.includes(plate) ? plates.filter((p) => p !== plate) : [...plates, plate];
    update(
      platesKey,
      next.sort((a, b) => b - a),
    );
  }

  return (
    <div ref={section} id="plates" className="plates-settings">
      <div className="switch-row">
        <label htmlFor={barId}>{t('settings.barWeight', { unit: unitLabel(unit, i18n.language) })}</label>
        <div className="stack-sm setting-control">
          <input
            id={barId}
            className="input"
            inputMode="decimal"
            value={barText}
            aria-invalid={Boolean(barError) || undefined}
            aria-describedby={barError ? `${barId}-error` : undefined}
            onChange={(e) => saveBar(e.target.value)}
          />
          {barError && (
            <span id={`${barId}-error`} className="field-error" role="alert">
              {barError}
            </span>
          )}
        </div>
      </div>
      <div className="switch-row plates-row">
        <div className="stack-sm">
          <span id={platesLabel}>{t('settings.plates', { unit: unitLabel(unit, i18n.language) })}</span>
          <span className="muted plates-hint">{t('settings.platesHint')}</span>
        </div>
        <fieldset className="plate-picks" aria-labelledby={platesLabel}>
          {offered.map((plate) => {
            const chosen = plates.includes(plate);
            return (
              <button
                key={plate}
                type="button"
                className="plate-pick"
                aria-pressed={chosen}
                // At least one plate stays: a calculator with none could load nothing.
                disabled={chosen && plates.length === 1}
                onClick={() => togglePlate(plate)}
              >
                {formatNumber(plate, i18n.language, 2)}
              </button>
            );
          })}
        </fieldset>
      </div>
    </div>
  );
}
