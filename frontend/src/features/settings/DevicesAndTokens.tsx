import type { AccessToken } from '@fitness/contracts/users/account-api.ts';
import { Copy, KeyRound, Laptop, LogOut, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay, formatRelative } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import type { AccessTokens } from './access-tokens-store.ts';

const EXPIRY_CHOICES = [30, 90, 365] as const;

/**
 * Where the user sees every device signed in to their account and every personal access token
 * they made, when each was last used, and signs any of them out. Signing out this device is the
 * ordinary sign-out; a token made here is shown once, with a copy button.
 */
export function DevicesAndTokens({ tokens }: { tokens: AccessTokens }) {
  const { t, i18n } = useTranslation();
  const { toasts, auth } = useServices();
  const { tokens: list, failed, created } = useSnapshot(tokens.state);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  useEffect(() => tokens.show(), [tokens]);

  const sessions = list?.filter((token) => token.kind === 'session') ?? [];
  const personal = list?.filter((token) => token.kind === 'personal') ?? [];

  async function revoke(token: AccessToken) {
    try {
      if (token.current) {
        await auth.logout();
        return;
      }
      await tokens.revoke(token.id);
      toasts.success(token.kind === 'session' ? t('tokens.signedOutDevice') : t('tokens.revoked'), token.name);
    } catch (error) {
      toasts.error(t('tokens.revokeFailed'), error instanceof Error ? error.message : undefined);
    }
  }

  const row = (token: AccessToken) => (
    <li key={token.id} className="list-item" data-testid={`token-${token.kind}`}>
      <div>
        <p className="list-title">
          {token.name} {token.current && <span className="badge badge-done">{t('tokens.thisDevice')}</span>}
        </p>
        <p className="list-meta">
          {t('tokens.lastUsed', { when: formatRelative(token.last_used_at, i18n.language) })} ·{' '}
          {token.kind === 'personal'
            ? t('tokens.expires', { day: formatDay(token.expires_at.slice(0, 10), i18n.language, 'short') })
            : t('tokens.signedIn', { day: formatDay(token.created_at.slice(0, 10), i18n.language, 'short') })}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        icon={<LogOut size={16} className="flip-rtl" aria-hidden />}
        onClick={() => setRevoking(token)}
        aria-label={`${token.kind === 'session' ? t('tokens.signOut') : t('tokens.revoke')}: ${token.name}`}
      >
        {token.kind === 'session' ? t('tokens.signOut') : t('tokens.revoke')}
      </Button>
    </li>
  );

  return (
    <>
      {failed && !list && (
        <p className="field-error" role="alert">
          {t('tokens.loadFailed')}
        </p>
      )}
      <h3 className="subheading">
        <Laptop size={18} aria-hidden /> {t('tokens.devices')}
      </h3>
      {list && <ul className="list">{sessions.map(row)}</ul>}
      <h3 className="subheading">
        <KeyRound size={18} aria-hidden /> {t('tokens.personal')}
      </h3>
      <p className="muted">{t('tokens.personalHelp')}</p>
      {created && <CreatedToken name={created.name} token={created.token} onDone={() => tokens.dismissCreated()} />}
      {list && personal.length === 0 && <p className="muted">{t('tokens.none')}</p>}
      {personal.length > 0 && <ul className="list">{personal.map(row)}</ul>}
      <NewTokenForm tokens={tokens} />
      <ConfirmDialog
        open={revoking !== null}
        title={
          revoking?.kind === 'session'
            ? t('tokens.confirmSignOutTitle', { name: revoking?.name })
            : t('tokens.confirmRevokeTitle', { name: revoking?.name })
        }
        body={
          revoking?.current
            ? t('tokens.confirmThisDevice')
            : revoking?.kind === 'session'
              ? t('tokens.confirmSignOutBody')
              : t('tokens.confirmRevokeBody')
        }
        confirmLabel={revoking?.kind === 'session' ? t('tokens.signOut') : t('tokens.revoke')}
        danger
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

function NewTokenForm({ tokens }: { tokens: AccessTokens }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(365);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('tokens.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      await tokens.create(name.trim(), days);
      setName('');
      setError('');
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.name?.[0] : undefined;
      setError(fieldMessage ?? t('tokens.createFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="token-form" onSubmit={submit} noValidate>
      <div className="stack-sm">
        <label htmlFor={`${id}-name`}>{t('tokens.name')}</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={80}
          placeholder={t('tokens.namePlaceholder')}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="stack-sm">
        <label htmlFor={`${id}-days`}>{t('tokens.expiresIn')}</label>
        <select id={`${id}-days`} className="select" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t('tokens.days', { count: choice })}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="primary" icon={<Plus size={16} aria-hidden />} busy={busy}>
        {t('tokens.create')}
      </Button>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

function CreatedToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const id = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      toasts.success(t('tokens.copied'));
    } catch {
      toasts.error(t('tokens.copyFailed'));
    }
  }

  return (
    <div className="notice" role="status" aria-labelledby={`${id}-title`}>
      <KeyRound size={20} aria-hidden />
      <div className="stack-sm" style={{ minInlineSize: 0, flex: 1 }}>
        <strong id={`${id}-title`}>{t('tokens.createdTitle', { name })}</strong>
        <span>{t('tokens.createdHelp')}</span>
        <code className="token-value" data-testid="new-token">
          {token}
        </code>
        <div className="row">
          <Button size="sm" icon={<Copy size={16} aria-hidden />} onClick={copy}>
            {t('tokens.copy')}
          </Button>
          <Button size="sm" variant="secondary" onClick={onDone}>
            {t('tokens.done')}
          </Button>
        </div>
      </div>
    </div>
  );
}
