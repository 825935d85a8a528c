import { BarChart3, History, LayoutGrid, Settings2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

const ITEMS = [
  { href: '/admin', key: 'overview', icon: LayoutGrid },
  { href: '/admin/users', key: 'users', icon: Users },
  { href: '/admin/analytics', key: 'analytics', icon: BarChart3 },
  { href: '/admin/settings', key: 'settings', icon: Settings2 },
  { href: '/admin/events', key: 'events', icon: History },
] as const;

/**
 * The admin area's own navigation, on every admin screen: the admin feature's four and the event
 * explorer (phones reach /admin from the top bar).
 */
export function AdminNav() {
  const { t } = useTranslation();
  const [path] = useLocation();
  return (
    <nav className="admin-nav" aria-label={t('admin.nav.label')}>
      {ITEMS.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          className="admin-nav-link"
          aria-current={path === item.href ? 'page' : undefined}
        >
          <item.icon size={16} aria-hidden />
          <span>{t(`admin.nav.${item.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
