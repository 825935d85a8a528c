/** Where to go after signing in: the redirect query if it names a page of this app, else the Dashboard. */
export function afterLogin(search: string) {
  const redirect = new URLSearchParams(search).get('redirect');
  // Only same-origin paths: "//evil.example" or "https://..." would leave the app.
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard';
}
