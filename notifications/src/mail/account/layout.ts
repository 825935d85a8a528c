import type { Language } from '@fitness/contracts';
import escapeHtml from 'escape-html';

/** What a mail says, in one language, before it is laid out as text and as HTML. */
export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The button, and the same link written out in the text part. */
  action?: { label: string; url: string };
};

export type RenderedMail = { subject: string; text: string; html: string };

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

/**
 * The text and HTML parts of an account mail, signed with the site's name. The HTML names its
 * language and, for Arabic, reads right to left; its styles are inline, as mail programs want.
 */
export function render(language: Language, siteName: string, content: MailContent): RenderedMail {
  const { subject, greeting, paragraphs, action } = content;
  const text = [greeting, ...paragraphs, ...(action ? [`${action.label}:\n${action.url}`] : []), `— ${siteName}`].join(
    '\n\n',
  );

  const dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  const p = (body: string, style = '') => `<p style="margin:0 0 16px;${style}">${body}</p>`;
  const button = action
    ? p(
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;` +
          `background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a>`,
      ) + p(escapeHtml(action.url), 'font-size:13px;color:#64748b;word-break:break-all')
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Tahoma,sans-serif;color:#0f172a;line-height:1.5">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px;text-align:start">`,
    p(escapeHtml(greeting)),
    ...paragraphs.map((paragraph) => p(escapeHtml(paragraph))),
    button,
    p(`— ${escapeHtml(siteName)}`, 'color:#64748b'),
    '</div></body></html>',
  ].join('\n');
  return { subject, text, html };
}
