import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { siteName, siteState } from '../lib/stores/site.ts';

/** The header's brand: the name admins gave the site (the built-in one until it is known). */
export function Brand({ href = '/dashboard' }: { href?: string }) {
  const { t } = useTranslation();
  useSnapshot(siteState);
  return (
    <Link href={href} className="brand">
      <span className="brand-mark" aria-hidden>
        <Activity size={18} />
      </span>
      {siteName(t('app.name'))}
    </Link>
  );
}
