import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordRefusal } from '../lib/refusals.ts';
import { TextField } from './Field.tsx';

type Input = { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error?: string };

/** An account's email address, which the browser may fill in. */
export function EmailField(input: Input) {
  const { t } = useTranslation();
  return <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" required {...input} />;
}

/** The password the account has now: the browser's password manager offers it. */
export function CurrentPasswordField({ label, name, ...input }: Input & { label: string; name: string }) {
  return <TextField label={label} type="password" name={name} autoComplete="current-password" required {...input} />;
}

/**
 * A new password and its confirmation, under the password rules' hint. The password's refusal
 * (as the server words it) is said in the app's words; the confirmation's as the caller has it.
 */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
}: {
  labels: { password: string; confirmation: string };
  password: Input;
  confirmation: Input;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint')}
        {...password}
        error={password.error && newPasswordRefusal(t, password.error)}
      />
      <TextField
        label={labels.confirmation}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
