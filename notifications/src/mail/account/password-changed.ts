import type { Language } from '@fitness/contracts';
import type { MailContent } from './layout.ts';

/** Tells the owner their password changed, with the way back in if it was not them. */
export function passwordChangedMail(
  language: Language,
  { siteName, name, at, forgotLink }: { siteName: string; name: string; at: Date; forgotLink: string },
): MailContent {
  const when = `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
  switch (language) {
    case 'de':
      return {
        subject: `Dein Passwort für ${siteName} wurde geändert`,
        greeting: `Hallo ${name},`,
        paragraphs: [
          `das Passwort deines Kontos bei ${siteName} wurde am ${when} geändert. Geräte, die mit dem alten Passwort angemeldet waren, wurden abgemeldet.`,
          'Warst du das nicht? Dann setze dein Passwort jetzt zurück.',
        ],
        action: { label: 'Passwort zurücksetzen', url: forgotLink },
      };
    case 'ar':
      return {
        subject: `تم تغيير كلمة المرور في ${siteName}`,
        greeting: `مرحبًا ${name}،`,
        paragraphs: [
          `تم تغيير كلمة مرور حسابك في ${siteName} في ${when}. تم تسجيل خروج الأجهزة التي سُجّل الدخول منها بكلمة المرور القديمة.`,
          'لم تكن أنت؟ أعد تعيين كلمة مرورك الآن.',
        ],
        action: { label: 'إعادة تعيين كلمة المرور', url: forgotLink },
      };
    default:
      return {
        subject: `Your ${siteName} password was changed`,
        greeting: `Hello ${name},`,
        paragraphs: [
          `the password of your ${siteName} account was changed on ${when}. Devices signed in with the old password have been signed out.`,
          'Was this not you? Reset your password now.',
        ],
        action: { label: 'Reset password', url: forgotLink },
      };
  }
}
