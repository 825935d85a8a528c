import { isAppPath } from '@fitness/contracts/app-path.ts';

/** Where to go after signing in: the redirect query if it names a page of this app, else the Dashboard. */
export function afterLogin(search: string) {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect !== null && isAppPath(redirect) ? redirect : '/dashboard';
}
