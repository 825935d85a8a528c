import type { Language } from '@fitness/contracts';
import type { MailContent } from './layout.ts';

/** The single-use link to choose a new password. */
export function resetPasswordMail(
  language: Language,
  { siteName, name, link }: { siteName: string; name: string; link: string },
): MailContent {
  switch (language) {
    case 'de':
      return {
        subject: `Setze dein Passwort für ${siteName} zurück`,
        greeting: `Hallo ${name},`,
        paragraphs: [
          `jemand (hoffentlich du) möchte das Passwort deines Kontos bei ${siteName} zurücksetzen.`,
          'Der Link funktioniert einmal und ist 60 Minuten gültig. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
        ],
        action: { label: 'Neues Passwort wählen', url: link },
      };
    case 'ar':
      return {
        subject: `إعادة تعيين كلمة المرور في ${siteName}`,
        greeting: `مرحبًا ${name}،`,
        paragraphs: [
          `طلب أحدهم (نأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في ${siteName}.`,
          'يعمل الرابط مرة واحدة فقط ولمدة 60 دقيقة. إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
        ],
        action: { label: 'اختيار كلمة مرور جديدة', url: link },
      };
    default:
      return {
        subject: `Reset your ${siteName} password`,
        greeting: `Hello ${name},`,
        paragraphs: [
          `someone (hopefully you) asked to reset the password of your ${siteName} account.`,
          'The link works once, for 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url: link },
      };
  }
}
