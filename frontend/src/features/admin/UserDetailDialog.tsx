import type { AdminRole } from '@fitness/contracts/admin/api.ts';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Feedback.tsx';
import { SelectField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useModalDialog } from '../../components/useModalDialog.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { BackendRequired } from './BackendRequired.tsx';
import { formatDate } from './format.ts';
import type { AdminStore } from './store.ts';

type Pending = { kind: 'role'; role: AdminRole } | { kind: 'delete' };

/**
 * One user: profile, sign-up date, last activity and how much they logged, with a role change
 * and deletion, each confirmed first. The server's refusal (the last admin) shows in the
 * confirmation, which stays open to say so.
 */
export function UserDetailDialog({ admin, id, onClose }: { admin: AdminStore; id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const { user, userFailed, userGone } = useSnapshot(admin.state);
  const ref = useModalDialog(true);
  const [role, setRole] = useState<AdminRole>('user');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const lang = i18n.language;
  const n = (value: number) => formatNumber(value, lang, 0);

  useEffect(() => admin.showUser(id), [admin, id]);
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);

  function ask(next: Pending) {
    setError('');
    setPending(next);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    setBusy(true);
    setError('');
    try {
      if (pending.kind === 'role') {
        await admin.changeRole(id, pending.role);
        toasts.success(t('admin.users.roleChanged'));
        setPending(null);
      } else {
        await admin.deleteUser(id);
        toasts.success(t('admin.users.deleted'));
        setPending(null);
        onClose();
      }
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status !== null && failure.status < 500
          ? failure.message
          : t('admin.users.actionFailed'),
      );
    } finally {
      setBusy(false);
    }
  }

  const profile = user?.profile;
  const notSet = t('profile.notSet');
  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      aria-labelledby="admin-user-title"
      // React passes the confirmation's own close up to here: only this dialog's close closes it.
      onClose={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="stack" data-testid="admin-user-detail">
        <div>
          <h2 id="admin-user-title">{user?.name || user?.email || t('admin.users.detail')}</h2>
          {user && (
            <p className="muted admin-email" data-testid="admin-user-email">
              {user.email}
            </p>
          )}
        </div>
        {userFailed && <BackendRequired />}
        {userGone && <p role="status">{t('admin.users.gone')}</p>}
        {!user && !userFailed && !userGone && <Spinner />}
        {user && (
          <>
            <dl className="facts">
              <div>
                <dt>{t('admin.users.role')}</dt>
                <dd data-testid="admin-user-role">{t(`admin.roles.${user.role}`)}</dd>
              </div>
              <div>
                <dt>{t('admin.users.verified')}</dt>
                <dd>{user.email_verified_at ? formatDate(user.email_verified_at, lang) : t('admin.users.no')}</dd>
              </div>
              <div>
                <dt>{t('admin.users.signedUp')}</dt>
                <dd>{formatDate(user.created_at, lang)}</dd>
              </div>
              <div>
                <dt>{t('admin.users.lastActive')}</dt>
                <dd>{formatDate(user.last_active_at, lang)}</dd>
              </div>
            </dl>
            <section aria-labelledby="admin-user-activity" className="stack-sm">
              <h3 id="admin-user-activity">{t('admin.users.activity')}</h3>
              <dl className="facts">
                <div>
                  <dt>{t('admin.users.workouts')}</dt>
                  <dd data-testid="admin-user-workouts">{n(user.counts.workouts)}</dd>
                </div>
                <div>
                  <dt>{t('admin.users.meals')}</dt>
                  <dd>{n(user.counts.meals)}</dd>
                </div>
                <div>
                  <dt>{t('admin.users.records')}</dt>
                  <dd>{n(user.counts.records)}</dd>
                </div>
              </dl>
            </section>
            {profile && (
              <section aria-labelledby="admin-user-profile" className="stack-sm">
                <h3 id="admin-user-profile">{t('admin.users.profile')}</h3>
                <dl className="facts">
                  <div>
                    <dt>{t('profile.height', { unit: 'cm' })}</dt>
                    <dd>{profile.height === null ? notSet : formatNumber(profile.height, lang, 1)}</dd>
                  </div>
                  <div>
                    <dt>{t('profile.weight', { unit: 'kg' })}</dt>
                    <dd>{profile.weight === null ? notSet : formatNumber(profile.weight, lang, 1)}</dd>
                  </div>
                  <div>
                    <dt>{t('profile.activity')}</dt>
                    <dd>
                      {profile.activity_level
                        ? t(`profile.activities.${profile.activity_level}`, { defaultValue: profile.activity_level })
                        : notSet}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('profile.goals')}</dt>
                    <dd>
                      {profile.goals.length > 0
                        ? profile.goals.map((goal) => t(`profile.goalNames.${goal}`, { defaultValue: goal })).join(', ')
                        : notSet}
                    </dd>
                  </div>
                </dl>
              </section>
            )}
            <section aria-labelledby="admin-user-manage" className="stack-sm">
              <h3 id="admin-user-manage">{t('admin.users.manage')}</h3>
              <div className="admin-toolbar">
                <SelectField
                  label={t('admin.users.role')}
                  value={role}
                  onChange={(event) => setRole(event.target.value as AdminRole)}
                  options={[
                    { value: 'user', label: t('admin.roles.user') },
                    { value: 'admin', label: t('admin.roles.admin') },
                  ]}
                />
                <Button disabled={role === user.role} onClick={() => ask({ kind: 'role', role })}>
                  {t('admin.users.changeRole')}
                </Button>
                <Button variant="danger" icon={<Trash2 size={16} />} onClick={() => ask({ kind: 'delete' })}>
                  {t('admin.users.delete')}
                </Button>
              </div>
            </section>
          </>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </div>
      </div>
      <FormDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        titleId="admin-confirm-title"
        describedBy="admin-confirm-body"
        title={pending?.kind === 'delete' ? t('admin.users.deleteTitle') : t('admin.users.roleTitle')}
        onSubmit={confirm}
        busy={busy}
        holdWhileBusy
        submitVariant={pending?.kind === 'delete' ? 'danger' : 'primary'}
        submitLabel={pending?.kind === 'delete' ? t('admin.users.delete') : t('admin.users.changeRole')}
      >
        <p id="admin-confirm-body" className="muted">
          {pending?.kind === 'delete'
            ? t('admin.users.deleteBody', { name: user?.name || user?.email })
            : t('admin.users.roleBody', {
                name: user?.name || user?.email,
                role: pending?.kind === 'role' ? t(`admin.roles.${pending.role}`) : '',
              })}
        </p>
        {error && (
          <p className="field-error" role="alert" data-testid="admin-confirm-error">
            {error}
          </p>
        )}
      </FormDialog>
    </dialog>
  );
}
