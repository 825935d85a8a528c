import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldErrors, toldTheUser } from './api-client.ts';
import { refusalText, tooManyAttempts } from './refusals.ts';
import { useServices } from './services.ts';

/**
 * How a form tells a failed submit: `inline`, a line at the top of the form (the sign-in
 * screens, where a toast would be missed), or `toast` (a form among others on a page).
 */
export type FormTelling = 'inline' | 'toast';

export type FormOptions = {
  /** What to say when the server gives no message of its own (spec section 8: 'Login failed'…). */
  fallback: string;
  /**
   * The fields the form shows, each with its own error: a refusal of any other field (a reset
   * link's token, say) is told as the form's message instead. Left out: every field is shown.
   */
  fields?: readonly string[];
  telling?: FormTelling;
};

/** What the form shows: busy while a submit is under way, the refused fields, and the form's own line. */
export type FormState = { busy: boolean; fieldErrors: FieldErrors; message: string };

export const IDLE_FORM: FormState = { busy: false, fieldErrors: {}, message: '' };

/**
 * The message the server wrote into a failed answer, if it wrote one. Not the HTTP status text
 * ("Bad Request"), which the API client falls back to for its own errors but says nothing to a
 * reader: then the form's fallback is said instead.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === null) return null;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * What a failed submit shows. A 422: each shown field's messages under it as the server wrote
 * them (a form puts the refusals it knows into its own words), and a refused field the form does
 * not show as the form's message (in the app's words where known). A 429: how long to wait. Anything else: the server's message, or the fallback
 * when it gave none (no answer at all, an empty body, any status).
 */
export function formFailure(
  error: unknown,
  options: Pick<FormOptions, 'fallback' | 'fields'>,
  t: TFunction,
  locale: string,
): Omit<FormState, 'busy'> {
  if (error instanceof ApiError && error.status === 422) {
    const shown = (field: string) => !options.fields || options.fields.includes(field);
    const entries = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
    const fieldErrors = Object.fromEntries(entries.filter(([field]) => shown(field)));
    const hidden = entries.find(([field]) => !shown(field));
    if (hidden) return { fieldErrors, message: refusalText(t, hidden[1][0]) ?? options.fallback };
    const anyShown = Object.keys(fieldErrors).length > 0;
    return { fieldErrors, message: anyShown ? '' : (serverMessage(error) ?? options.fallback) };
  }
  if (error instanceof ApiError && error.status === 429)
    return { fieldErrors: {}, message: tooManyAttempts(t, error, locale) };
  return { fieldErrors: {}, message: serverMessage(error) ?? options.fallback };
}

/**
 * Runs one submit: busy meanwhile, the form's errors cleared first and set from a failure.
 * Resolves true when `action` went through. A failure to be told as a toast is toasted
 * (`toast`), unless the API client told the user of it already (no network, a server error).
 */
export async function submitForm(
  action: () => Promise<unknown>,
  options: FormOptions & { t: TFunction; locale: string },
  set: (state: FormState) => void,
  toast: (message: string) => void,
): Promise<boolean> {
  set({ ...IDLE_FORM, busy: true });
  try {
    await action();
    set(IDLE_FORM);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) console.error('A form failed to submit', error);
    const failure = formFailure(error, options, options.t, options.locale);
    if (options.telling === 'toast') {
      if (!toldTheUser(error)) toast(failure.message || options.fallback);
      set({ busy: false, fieldErrors: failure.fieldErrors, message: '' });
    } else {
      set({ busy: false, ...failure });
    }
    return false;
  }
}

/**
 * A form's submit: busy state, the server's refusals under their fields, and the failure told
 * inline or as a toast, with the spec's fallback when the server says nothing.
 *
 *   const form = useForm({ fallback: t('errors.loginFailed'), fields: ['email', 'password'] });
 *   <form onSubmit={form.submit(() => auth.login(credentials))}>…
 *   <TextField error={form.fieldError('email')} />  <Button busy={form.busy} />  {form.message}
 */
export function useForm(options: FormOptions) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const [state, setState] = useState<FormState>(IDLE_FORM);
  // The latest options (a fallback in the language now shown) without a new submit each render.
  const latest = useRef(options);
  latest.current = options;

  const submit = useCallback(
    /**
     * `action` sent, unless `refused` finds fields to refuse before anything is sent (passwords
     * that do not match, a required choice not made): their messages, none when it may go.
     */
    (action: () => Promise<unknown>, refused?: () => FieldErrors) => async (event?: FormEvent) => {
      event?.preventDefault();
      const fieldErrors = refused?.() ?? {};
      if (Object.keys(fieldErrors).length > 0) {
        setState({ ...IDLE_FORM, fieldErrors });
        return false;
      }
      return submitForm(action, { ...latest.current, t, locale: i18n.language }, setState, (message) =>
        toasts.error(message),
      );
    },
    [t, i18n, toasts],
  );

  return {
    ...state,
    /** The first message for a field, if it was refused. */
    fieldError: (field: string): string | undefined => state.fieldErrors[field]?.[0],
    submit,
    /** Forgets the last submit's refusals: a dialog opened again starts clean. */
    reset: useCallback(() => setState(IDLE_FORM), []),
  };
}

export type Form = ReturnType<typeof useForm>;
