import { mailerContract } from './contract/mailer.contract.ts';
import { SmtpMailer } from './smtp-mailer.ts';
import { recipients, startSmtpTestServer } from './testing/smtp-test-server.ts';

mailerContract('SMTP (a local smtp-server)', async () => {
  const server = await startSmtpTestServer();
  const from = 'no-reply@fitness.example.com';
  return {
    mailer: new SmtpMailer(server.url, from),
    from,
    delivered: (to) => server.waitForMail((mail) => recipients(mail).includes(to)),
    close: server.close,
  };
});
