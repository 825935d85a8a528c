import type { AdminRole } from '@fitness/contracts/admin/api.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdminNav } from '../../components/AdminNav.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/Feedback.tsx';
import { SelectField } from '../../components/Field.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { BackendRequired } from './BackendRequired.tsx';
import { formatDate } from './format.ts';
import type { AdminStore } from './store.ts';
import { UserDetailDialog } from './UserDetailDialog.tsx';
import './admin.css';

const SEARCH_DELAY_MS = 250;

/** Every user: search by name or email, a role filter and pages; a row opens the user's detail. */
export function AdminUsersPage({ admin }: { admin: AdminStore }) {
  const { t, i18n } = useTranslation();
  const { users, usersFailed, usersQuery } = useSnapshot(admin.state);
  const [search, setSearch] = useState(usersQuery.search);
  const [openId, setOpenId] = useState<string | null>(null);
  useStoreWhileMounted({ show: admin.showUsers });
  const lang = i18n.language;

  // The table follows the search box after a short pause in typing.
  useEffect(() => {
    if (search === admin.state.usersQuery.search) return;
    const timer = setTimeout(() => {
      admin.queryUsers({ search }).catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, admin]);

  const meta = users?.meta;
  const page = (to: number) => admin.queryUsers({ page: to }).catch(() => undefined);

  return (
    <>
      <PageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
      <AdminNav />
      <div className="stack">
        <div className="admin-toolbar">
          <SearchField
            id="admin-user-search"
            label={t('admin.users.search')}
            placeholder={t('admin.users.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            id="admin-role-filter"
            label={t('admin.users.roleFilter')}
            value={usersQuery.role}
            onChange={(event) =>
              admin.queryUsers({ role: event.target.value as '' | AdminRole }).catch(() => undefined)
            }
            options={[
              { value: '', label: t('admin.users.allRoles') },
              { value: 'admin', label: t('admin.roles.admin') },
              { value: 'user', label: t('admin.roles.user') },
            ]}
          />
        </div>
        {usersFailed && <BackendRequired />}
        {!users && !usersFailed && <Spinner />}
        {users && users.data.length === 0 && (
          <div className="card">
            <EmptyState title={t('admin.users.none')} />
          </div>
        )}
        {users && users.data.length > 0 && (
          <div className="card admin-table-wrap">
            <table className="admin-table" data-testid="admin-users-table">
              <caption className="visually-hidden">{t('admin.users.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.users.name')}</th>
                  <th scope="col" className="admin-hide-phone">
                    {t('admin.users.email')}
                  </th>
                  <th scope="col">{t('admin.users.role')}</th>
                  <th scope="col" className="admin-hide-phone">
                    {t('admin.users.signedUp')}
                  </th>
                  <th scope="col" className="admin-hide-phone">
                    {t('admin.users.lastActive')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.users.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <tr key={user.id} data-testid="admin-user-row">
                    <td className="admin-user-name">{user.name || '—'}</td>
                    <td className="admin-hide-phone">{user.email}</td>
                    <td>
                      <span className={user.role === 'admin' ? 'badge badge-progress' : 'badge'}>
                        {t(`admin.roles.${user.role}`)}
                      </span>
                    </td>
                    <td className="admin-hide-phone">{formatDate(user.created_at, lang)}</td>
                    <td className="admin-hide-phone">{formatDate(user.last_active_at, lang)}</td>
                    <td>
                      <Button size="sm" onClick={() => setOpenId(user.id)}>
                        {t('admin.users.view')}
                        <span className="visually-hidden">: {user.name || user.email}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {meta && meta.total > 0 && (
          <nav className="admin-pager" aria-label={t('admin.users.pages')}>
            <span className="muted" data-testid="admin-users-total">
              {t('admin.users.pageOf', {
                page: formatNumber(meta.current_page, lang, 0),
                pages: formatNumber(meta.last_page, lang, 0),
                total: formatNumber(meta.total, lang, 0),
              })}
            </span>
            <div className="row">
              <Button
                size="sm"
                icon={<ChevronLeft size={16} className="flip-rtl" />}
                disabled={meta.current_page <= 1}
                onClick={() => page(meta.current_page - 1)}
              >
                {t('admin.users.previous')}
              </Button>
              <Button
                size="sm"
                icon={<ChevronRight size={16} className="flip-rtl" />}
                disabled={meta.current_page >= meta.last_page}
                onClick={() => page(meta.current_page + 1)}
              >
                {t('admin.users.next')}
              </Button>
            </div>
          </nav>
        )}
      </div>
      {openId && <UserDetailDialog admin={admin} id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
