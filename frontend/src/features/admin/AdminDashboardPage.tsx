import { LAG_COUNT_LIMIT } from '@fitness/contracts/admin/events.ts';
import type { LucideIcon } from 'lucide-react';
import { Activity, Database, Dumbbell, Gauge, Repeat, UserPlus, Users, Utensils } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdminNav } from '../../components/AdminNav.tsx';
import { PageHeader, Spinner } from '../../components/Feedback.tsx';
import { StatCard } from '../../components/StatCard.tsx';
import { formatCountUpTo, formatNumber } from '../../lib/format.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { BackendRequired } from './BackendRequired.tsx';
import type { AdminStore } from './store.ts';
import './admin.css';

/** An admin statistic: its card and value named for the tests by its id. */
function AdminStat({
  icon,
  value,
  label,
  detail,
  id,
}: {
  icon: LucideIcon;
  value: string;
  label: string;
  detail?: string;
  id: string;
}) {
  return (
    <StatCard
      icon={icon}
      value={value}
      label={label}
      testId={`admin-stat-${id}`}
      valueTestId={`admin-stat-${id}-value`}
    >
      {detail && <span className="muted">{detail}</span>}
    </StatCard>
  );
}

/** A titled group of stat cards, and what the group shows below them. */
function StatSection({
  id,
  title,
  below,
  children,
}: {
  id: string;
  title: string;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="stack-sm">
      <h2 id={id}>{title}</h2>
      <div className="admin-stats">{children}</div>
      {below}
    </section>
  );
}

/** The admin dashboard: who uses the product and what they did today, live. */
export function AdminDashboardPage({ admin }: { admin: AdminStore }) {
  const { t, i18n } = useTranslation();
  const { stats, statsFailed } = useSnapshot(admin.state);
  useStoreWhileMounted({ show: admin.showStats });
  const n = (value: number) => formatNumber(value, i18n.language, 0);

  return (
    <>
      <PageHeader title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} />
      <AdminNav />
      {statsFailed && <BackendRequired />}
      {!stats && !statsFailed && <Spinner />}
      {stats && (
        <div className="stack">
          <StatSection id="admin-users-title" title={t('admin.dashboard.users')}>
            <AdminStat
              id="users"
              icon={Users}
              value={n(stats.users.total)}
              label={t('admin.dashboard.totalUsers')}
              detail={t('admin.dashboard.admins', { count: stats.users.admins, value: n(stats.users.admins) })}
            />
            <AdminStat
              id="new-today"
              icon={UserPlus}
              value={n(stats.users.new_today)}
              label={t('admin.dashboard.newToday')}
              detail={t('admin.dashboard.newThisWeek', { value: n(stats.users.new_this_week) })}
            />
            <AdminStat
              id="active-today"
              icon={Activity}
              value={n(stats.active_users.today)}
              label={t('admin.dashboard.activeToday')}
              detail={t('admin.dashboard.active7', { value: n(stats.active_users.last_7_days) })}
            />
          </StatSection>
          <StatSection id="admin-today-title" title={t('admin.dashboard.today')}>
            <AdminStat
              id="workouts-today"
              icon={Dumbbell}
              value={n(stats.workouts_today)}
              label={t('admin.dashboard.workoutsToday')}
            />
            <AdminStat
              id="sets-today"
              icon={Repeat}
              value={n(stats.sets_today)}
              label={t('admin.dashboard.setsToday')}
            />
            <AdminStat
              id="meals-today"
              icon={Utensils}
              value={n(stats.meals_today)}
              label={t('admin.dashboard.mealsToday')}
            />
          </StatSection>
          <StatSection
            id="admin-system-title"
            title={t('admin.dashboard.system')}
            below={
              stats.projection_lag.projections.length > 0 && (
                <div className="card admin-table-wrap">
                  <table className="admin-table admin-lag-table">
                    <caption className="visually-hidden">{t('admin.dashboard.projections')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.dashboard.projection')}</th>
                        <th scope="col">{t('admin.dashboard.position')}</th>
                        <th scope="col">{t('admin.dashboard.behind')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {stats.projection_lag.projections.map((projection) => (
                        <tr key={projection.name}>
                          <td>
                            <code>{projection.name}</code>
                          </td>
                          <td>
                            <code>{projection.position}</code>
                          </td>
                          <td>{formatCountUpTo(projection.lag, LAG_COUNT_LIMIT, i18n.language)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          >
            <AdminStat
              id="log-position"
              icon={Database}
              value={String(stats.log_position)}
              label={t('admin.dashboard.logPosition')}
            />
            <AdminStat
              id="lag"
              icon={Gauge}
              value={formatCountUpTo(stats.projection_lag.max, LAG_COUNT_LIMIT, i18n.language)}
              label={t('admin.dashboard.lag')}
            />
          </StatSection>
        </div>
      )}
    </>
  );
}
