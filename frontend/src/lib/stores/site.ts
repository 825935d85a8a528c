import type { SiteInfo } from '@fitness/contracts';
import { proxy } from 'valtio';
import type { ChangeNotice } from '../live.ts';
import { liveResource } from '../live-resource.ts';

/**
 * What the server says about the site itself (GET /site): the name admins gave it, whether
 * registration is open, and maintenance. One state for the whole app, which the header, the
 * page title and the register screen read; `app/services.ts` loads it at startup, again when
 * the window regains focus, and, for a signed-in client, when the live channel says the
 * settings changed: an admin's change reaches every open client.
 */
export const siteState = proxy({ info: null as SiteInfo | null });

/** The site's name: the admins' one once known, else the built-in name (`fallback`). */
export const siteName = (fallback: string) => siteState.info?.site_name ?? fallback;

export function createSite(fetchSite: () => Promise<SiteInfo>) {
  const site = liveResource({
    what: 'the site',
    fetch: fetchSite,
    take: (info) => {
      siteState.info = info;
    },
    always: true,
  });
  // Unreachable for now: what the page already shows stays.
  const refresh = () => site.reload().catch(() => undefined);
  return {
    state: siteState,
    refresh,
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'system_settings') await refresh();
    },
    /** Signing out keeps it: the site's information is nobody's in particular. */
    clear() {},
    /** Refreshes whenever the window regains focus; returns the stop. */
    follow(target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
      const onFocus = () => {
        refresh();
      };
      target.addEventListener('focus', onFocus);
      return () => target.removeEventListener('focus', onFocus);
    },
  };
}

export type SiteStore = ReturnType<typeof createSite>;
