import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/**
 * A real SMTP server on a free local port for tests: accepts every mail (no TLS, no sign-in),
 * parses it with mailparser and keeps it. Point SMTP_URL at `url`.
 */
export async function startSmtpTestServer() {
  const mails: ParsedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const wake of waiting) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every mail received so far, oldest first. */
    mails,
    /** The mails sent to an address, oldest first. */
    mailsTo: (address: string) => mails.filter((mail) => recipients(mail).includes(address.toLowerCase())),
    /**
     * The first mail (received already or still to come) that matches; rejects if none has come
     * within `timeoutMs`, naming what did arrive.
     */
    waitForMail(matches: (mail: ParsedMail) => boolean, timeoutMs = 10_000): Promise<ParsedMail> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(matches);
          if (!found) return false;
          waiting.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          const seen = mails.map((mail) => `${recipients(mail).join(',')}: ${mail.subject}`);
          reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        waiting.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The To addresses of a parsed mail, lower-cased. */
export function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((list) => list.value.map((address) => (address.address ?? '').toLowerCase()));
}
