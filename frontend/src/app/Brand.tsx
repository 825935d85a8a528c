import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function Brand({ href = '/dashboard' }: { href?: string }) {
  const { t } = useTranslation();
  return (
    <Link href={href} className="brand">
      <span className="brand-mark" aria-hidden>
        <Activity size={18} />
      </span>
      {t('app.name')}
    </Link>
  );
}
