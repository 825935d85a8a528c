import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isolated } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';

/**
 * Mails the signed-in user a new link, and says what became of it. `compact`: a short "Resend"
 * for a banner's single line.
 */
export function ResendVerification({ email, compact }: { email: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { auth, toasts } = useServices();
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      await auth.resendVerification();
      toasts.success(t('auth.verifySent', { email: isolated(email) }));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      if (status === 429) toasts.error(t('auth.verifyTooMany'));
      else if (status === 409) await auth.fetchUser().catch(() => undefined);
      else if (status !== 401) toasts.error(t('auth.verifySendFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size={compact ? 'sm' : undefined}
      variant={compact ? 'ghost' : undefined}
      icon={compact ? undefined : <MailCheck size={16} aria-hidden />}
      busy={busy}
      onClick={resend}
    >
      {compact ? t('verifyBanner.resend') : t('auth.verifyResend')}
    </Button>
  );
}
