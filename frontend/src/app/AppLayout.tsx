import {
  Dumbbell,
  LayoutDashboard,
  ListChecks,
  LogOut,
  Settings,
  Shield,
  TrendingUp,
  User,
  Utensils,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Button } from '../components/Button.tsx';
import { RestTimerBar } from '../components/RestTimerBar.tsx';
import { useServices } from '../lib/services.ts';
import { Brand } from './Brand.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { OfflineIndicator } from './OfflineIndicator.tsx';
import { SkipLink } from './SkipLink.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

type Item = { href: string; label: string; icon: typeof User };

/** The spec's highlight rule: the path is the item's, or starts with it plus a slash. */
export const isActive = (path: string, href: string) => path === href || path.startsWith(`${href}/`);

/**
 * The signed-in layout: side navigation on wide screens, a top bar and a 5-tab bottom bar on
 * phones. The page under it is keyed by path, so it is created anew whenever the path changes.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [path, navigate] = useLocation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { soundEffects, hapticFeedback } = useSnapshot(services.settings.state);
  const displayName = user?.profile?.name || user?.email || '';

  const items: Item[] = [
    { href: '/dashboard', label: t('nav.dashboard'), icon: LayoutDashboard },
    { href: '/workouts', label: t('nav.workouts'), icon: Dumbbell },
    { href: '/exercises', label: t('nav.exercises'), icon: ListChecks },
    { href: '/progress', label: t('nav.progress'), icon: TrendingUp },
    { href: '/meals', label: t('nav.meals'), icon: Utensils },
    { href: '/profile', label: t('nav.profile'), icon: User },
    { href: '/settings', label: t('nav.settings'), icon: Settings },
    ...(user?.role === 'admin' ? [{ href: '/admin', label: t('nav.admin'), icon: Shield }] : []),
  ];
  // The bottom bar's labels are short forms of the same names, each fitting a fifth of a 360 px phone.
  const tabs = items
    .filter((item) => ['/dashboard', '/workouts', '/exercises', '/meals', '/settings'].includes(item.href))
    .map((item) => ({ ...item, label: t(`nav.tabs.${item.href.slice(1)}`) }));

  async function logout() {
    await services.auth.logout();
    navigate('/login');
  }

  const link = (item: Item, className: string, size: number) => (
    <Link
      key={item.href}
      href={item.href}
      className={className}
      aria-current={isActive(path, item.href) ? 'page' : undefined}
    >
      <item.icon size={size} aria-hidden />
      <span>{item.label}</span>
    </Link>
  );

  /** A top bar link that is only an icon, named for screen readers. */
  const iconLink = (href: string, className: string, label: string, icon: ReactNode) => (
    <Link href={href} className={className} aria-label={label} aria-current={isActive(path, href) ? 'page' : undefined}>
      {icon}
    </Link>
  );

  return (
    <div className="shell">
      <SkipLink />
      <aside className="sidebar">
        <div className="sidebar-inner">
          <Brand />
          <nav className="nav" aria-label={t('nav.main')}>
            {items.map((item) => link(item, 'nav-link', 20))}
          </nav>
          <div className="sidebar-footer">
            <LanguageSwitcher />
            <div className="who">
              <span className="avatar" aria-hidden>
                {displayName.slice(0, 1).toUpperCase()}
              </span>
              <span className="who-name" title={displayName}>
                {displayName}
              </span>
            </div>
            <Button variant="ghost" icon={<LogOut size={18} className="flip-rtl" />} onClick={logout} block>
              {t('nav.logout')}
            </Button>
          </div>
        </div>
      </aside>
      <header className="topbar">
        <Brand />
        <div className="row" style={{ gap: 'var(--space-2)' }}>
          {user?.role === 'admin' &&
            // Phones have no sidebar and the bottom bar holds five tabs: admins reach their area here.
            iconLink('/admin', 'btn btn-ghost btn-icon', t('nav.admin'), <Shield size={20} aria-hidden />)}
          {/* Progress is no tab of the five either: on a phone it is this icon, and the dashboard's link. */}
          {iconLink(
            '/progress',
            'btn btn-ghost btn-icon topbar-progress',
            t('nav.progress'),
            <TrendingUp size={20} aria-hidden />,
          )}
          <Link href="/profile" className="avatar" aria-label={t('nav.profile')}>
            {displayName.slice(0, 1).toUpperCase()}
          </Link>
          <Button
            variant="ghost"
            icon={<LogOut size={18} className="flip-rtl" />}
            label={t('nav.logout')}
            onClick={logout}
          />
        </div>
      </header>
      <main id="main" className="content" key={path}>
        <div className="content-inner">
          <MaintenanceBanner />
          <VerifyEmailBanner />
          <OfflineIndicator />
          {children}
        </div>
      </main>
      <RestTimerBar timer={services.restTimer} sound={soundEffects} vibrate={hapticFeedback} />
      <nav className="bottom-bar" aria-label={t('nav.main')}>
        {tabs.map((item) => link(item, 'tab', 22))}
      </nav>
    </div>
  );
}
