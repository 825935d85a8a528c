import type { Language } from '@fitness/contracts';
import type { MailContent } from './layout.ts';

/** The link that confirms an address; sent on registration and when the user asks again. */
export function verifyEmailMail(
  language: Language,
  { siteName, name, email, link }: { siteName: string; name: string; email: string; link: string },
): MailContent {
  switch (language) {
    case 'de':
      return {
        subject: `Bestätige deine E-Mail-Adresse für ${siteName}`,
        greeting: `Hallo ${name},`,
        paragraphs: [
          `bitte bestätige, dass ${email} deine E-Mail-Adresse ist.`,
          `Der Link ist 24 Stunden gültig. Wenn du bei ${siteName} kein Konto angelegt hast, kannst du diese E-Mail ignorieren.`,
        ],
        action: { label: 'E-Mail-Adresse bestätigen', url: link },
      };
    case 'ar':
      return {
        subject: `تأكيد عنوان بريدك الإلكتروني في ${siteName}`,
        greeting: `مرحبًا ${name}،`,
        paragraphs: [
          `يُرجى تأكيد أن ${email} هو عنوان بريدك الإلكتروني.`,
          `يعمل الرابط لمدة 24 ساعة. إذا لم تُنشئ حسابًا في ${siteName}، يمكنك تجاهل هذه الرسالة.`,
        ],
        action: { label: 'تأكيد البريد الإلكتروني', url: link },
      };
    default:
      return {
        subject: `Verify your email address for ${siteName}`,
        greeting: `Hello ${name},`,
        paragraphs: [
          `please confirm that ${email} is your email address.`,
          `The link works for 24 hours. If you did not create an account at ${siteName}, you can ignore this mail.`,
        ],
        action: { label: 'Verify email address', url: link },
      };
  }
}
