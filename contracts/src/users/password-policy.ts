/**
 * What makes a new password too easy to guess, beyond its length (8 to 200, in the request
 * schema): nothing but spaces, hardly any different characters ("aaaaaaaa", "12121212"), one of
 * the passwords tried first in every guessing attack, or the account's own email or name. Checked
 * wherever a password is set: registration, reset and change.
 */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Use a longer one, or a few words that do not belong together.';

/** Passwords of 8 or more characters found at the top of every leaked-password list. */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12341234',
  '11223344',
  '87654321',
  '987654321',
  '123123123',
  '147258369',
  '123456789a',
  '1234qwer',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbnm1',
  'zxcvbnmm',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'basketball',
  'welcome1',
  'welcome123',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'letmein1',
  'letmein123',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'dragon12',
  'monkey12',
  'master12',
  'shadow12',
  'michael1',
  'jennifer',
  'jordan23',
  'liverpool',
  'chelsea1',
  'arsenal1',
  'computer',
  'internet',
  'samsung1',
  'charlie1',
  'freedom1',
  'qazwsxedc',
  'admin123',
  'administrator',
  'changeme',
  'changeme1',
  'secret12',
  'mustang1',
  'hello123',
  'google123',
  'fitness1',
  'fitness123',
  'workout1',
  'stride123',
  'passwort',
  'passwort1',
  'hallo123',
  'schalke04',
  'fussball',
  'schatz123',
  'qwertz123',
  'qwertzui',
  'azertyui',
  'azerty123',
  'motdepasse',
  'soleil12',
]);

/** The reason a password may not be set, or null when it may. */
export function passwordWeakness(password: string, account: { email?: string; name?: string } = {}): string | null {
  const plain = password.trim().toLowerCase();
  if (new Set(plain.replace(/\s/g, '')).size < 4) return WEAK_PASSWORD_MESSAGE;
  // A common password or the account's own name stays easy to guess with a "!" or "1" after it.
  const bare = plain.replace(/[\s!.?\d]+$/, '');
  if (COMMON.has(plain) || COMMON.has(bare)) return WEAK_PASSWORD_MESSAGE;
  const email = account.email?.trim().toLowerCase();
  const name = account.name?.trim().toLowerCase();
  const personal = [email, email?.split('@')[0], name, name?.replace(/\s+/g, '')].filter((value): value is string =>
    Boolean(value && value.length >= 4),
  );
  const squeezed = [plain, bare].map((value) => value.replace(/\s+/g, ''));
  if (personal.some((value) => squeezed.includes(value))) return WEAK_PASSWORD_MESSAGE;
  return null;
}
