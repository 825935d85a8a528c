import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Toasts, ToastType } from '../lib/toasts.ts';
import { Button } from './Button.tsx';

const icons: Record<ToastType, typeof Info> = {
  success: CheckCircle2,
  error: XCircle,
  warning: AlertTriangle,
  info: Info,
};

/** Toasts at the top of the screen; errors are announced at once, the rest politely. */
export function Toaster({ toasts }: { toasts: Toasts }) {
  const { items } = useSnapshot(toasts.state);
  const { t } = useTranslation();
  const render = (urgent: boolean) =>
    items
      .filter((toast) => (toast.type === 'error') === urgent)
      .map((toast) => {
        const Icon = icons[toast.type];
        return (
          <div key={toast.id} className={`toast toast-${toast.type}`} data-testid="toast">
            <Icon className="toast-icon" size={20} aria-hidden />
            <div className="toast-body">
              <p className="toast-title">{toast.title}</p>
              {toast.message && <p className="toast-message">{toast.message}</p>}
            </div>
            <Button
              variant="ghost"
              size="sm"
              icon={<X size={16} />}
              label={t('common.dismiss')}
              onClick={() => toasts.dismiss(toast.id)}
            />
          </div>
        );
      });
  return (
    <div className="toasts">
      <div role="alert" aria-live="assertive" className="stack-sm">
        {render(true)}
      </div>
      <div role="status" aria-live="polite" className="stack-sm">
        {render(false)}
      </div>
    </div>
  );
}
