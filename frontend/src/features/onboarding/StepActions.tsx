import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';

/** A step's way on (its form's submit) and, after the first step, back. */
export function StepActions({ busy, onBack, last }: { busy: boolean; onBack?: () => void; last?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="onboarding-actions">
      {onBack && (
        <Button icon={<ArrowLeft size={18} aria-hidden className="flip-rtl" />} onClick={onBack} disabled={busy}>
          {t('common.back')}
        </Button>
      )}
      <Button
        type="submit"
        variant="primary"
        busy={busy}
        icon={last ? <Check size={18} aria-hidden /> : <ArrowRight size={18} aria-hidden className="flip-rtl" />}
      >
        {last ? t('onboarding.finish') : t('onboarding.next')}
      </Button>
    </div>
  );
}
