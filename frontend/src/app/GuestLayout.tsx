import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { SkipLink } from './SkipLink.tsx';

/** For visitors who are not signed in: app name and language switcher, the page, a tagline. */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="guest">
      <SkipLink />
      <header className="guest-header">
        <Brand href="/login" />
        <LanguageSwitcher />
      </header>
      <main id="main" className="guest-main">
        {children}
      </main>
      <footer className="guest-footer">{t('app.tagline')}</footer>
    </div>
  );
}
