import { Plus, TimerReset, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { chime, type RestTimer } from '../lib/rest-timer.ts';
import { Button } from './Button.tsx';

/**
 * The running rest timer, pinned above the content on every screen. When it ends it chimes
 * and vibrates as the settings allow, and says so to screen readers.
 */
export function RestTimerBar({ timer, sound, vibrate }: { timer: RestTimer; sound: boolean; vibrate: boolean }) {
  const { t, i18n } = useTranslation();
  const { endsAt, label, seconds } = useSnapshot(timer.state);
  const [remaining, setRemaining] = useState(timer.remaining());
  const announced = useRef<number | null>(null);

  useEffect(() => {
    if (endsAt === null) {
      setRemaining(null);
      return;
    }
    const tick = () => {
      const left = timer.remaining();
      setRemaining(left);
      if (left === 0 && announced.current !== endsAt) {
        announced.current = endsAt;
        if (sound) chime();
        if (vibrate) navigator.vibrate?.([200, 100, 200]);
      }
    };
    tick();
    const interval = setInterval(tick, 250);
    return () => clearInterval(interval);
  }, [endsAt, timer, sound, vibrate]);

  if (endsAt === null || remaining === null) return null;
  const done = remaining === 0;
  const clock = `${Math.floor(remaining / 60)}:${String(remaining % 60).padStart(2, '0')}`;
  const progress = seconds > 0 ? 1 - remaining / seconds : 1;
  return (
    <section
      className={`rest-timer ${done ? 'rest-timer-done' : ''}`}
      aria-label={t('timer.title')}
      data-testid="rest-timer"
    >
      <TimerReset size={20} aria-hidden />
      <div className="rest-timer-body">
        <span className="rest-timer-label">{done ? t('timer.done') : t('timer.resting', { name: label })}</span>
        <span className="rest-timer-clock" dir="ltr" lang={i18n.language}>
          {clock}
        </span>
        <span className="rest-timer-track" aria-hidden>
          <span style={{ inlineSize: `${Math.round(progress * 100)}%` }} />
        </span>
      </div>
      <span className="visually-hidden" role="status">
        {done ? t('timer.done') : ''}
      </span>
      {!done && (
        <Button
          size="sm"
          variant="ghost"
          icon={<Plus size={16} />}
          label={t('timer.add30')}
          onClick={() => timer.extend(30)}
        />
      )}
      <Button
        size="sm"
        variant="ghost"
        icon={<X size={16} />}
        label={done ? t('common.close') : t('timer.skip')}
        onClick={() => timer.stop()}
      />
    </section>
  );
}
