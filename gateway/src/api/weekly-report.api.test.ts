import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts';
import {
  recipients,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@fitness/notifications/mail/testing/smtp-test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { registerUser } from '../testing/api-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const APP_URL = 'https://fitness.example.com';

/** The first Monday at 13:00 UTC at least a day from now: a moment the last week's report is due. */
function nextReportMoment() {
  const moment = new Date(Date.now() + 86_400_000);
  moment.setUTCHours(13, 0, 0, 0);
  while (moment.getUTCDay() !== 1) moment.setUTCDate(moment.getUTCDate() + 1);
  return moment;
}

/** The weekly report mail over real HTTP, read from a real SMTP server, and the switches it obeys. */
describe('weekly report mail', () => {
  let smtp: SmtpTestServer;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  const reportAt = nextReportMoment();
  const reportDay = reportAt.toISOString().slice(0, 10);
  /** Monday to Sunday before the report's Monday: the week it tells. */
  const week = Array.from({ length: 7 }, (_, i) => shiftDay(reportDay, i - 7));
  // The server lives at the report's moment; the scheduler's own runs and the test's agree on the week.
  const offsetMs = reportAt.getTime() - Date.now();

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startTestServer(
      { SMTP_URL: smtp.url, APP_URL, MAIL_FROM: 'no-reply@fitness.example.com' },
      { clock: () => new Date(Date.now() + offsetMs) },
    );
    admin = await server.register('Admin');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  async function ok(token: string, method: string, url: string, body?: unknown) {
    const response = await server.api(method, url, { token, body });
    assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }

  /** A user with these settings and a week of a workout and a meal; their last write's position. */
  async function userWithWeek(name: string, settings: object) {
    const user = await server.register(name);
    await ok(user.token, 'PATCH', '/me/settings', settings);
    const workout = (await ok(user.token, 'POST', '/workouts', { name: 'Push day', date: week[1] })).body;
    const bench = (await ok(user.token, 'POST', `/workouts/${workout.id}/exercises`, { name: 'Bench press' })).body;
    for (const weight of [60, 80, 100]) {
      await ok(user.token, 'POST', `/workouts/${workout.id}/exercises/${bench.id}/sets`, { reps: 5, weight });
    }
    await ok(user.token, 'PATCH', `/workouts/${workout.id}`, { status: 'completed', duration: 45 });
    const meal = (await ok(user.token, 'POST', '/meals', { date: week[2], type: 'lunch' })).body;
    const last = await ok(user.token, 'POST', `/meals/${meal.id}/entries`, {
      name: 'Chicken and rice',
      calories: 650,
      protein: 48,
      carbs: 70,
      fat: 15,
    });
    return { ...user, position: Number(last.headers.get('x-event-position')) };
  }

  it("mails the week's training, eating and records once, in the user's language, to those who asked", async () => {
    const reader = await userWithWeek('Greta Reader', { weeklyReports: true, language: 'de' });
    const quiet = await userWithWeek('No Mail', { weeklyReports: true, emailNotifications: false });
    const uninterested = await userWithWeek('Not Asked', {});
    await server.runner.waitFor(['users', 'workouts', 'meals', 'personal_records'], reader.position, 5000);
    await server.runner.waitFor(['users', 'workouts', 'meals', 'personal_records'], uninterested.position, 5000);

    assert.equal(await server.weeklyReports.runOnce(), 1);
    const mail = await smtp.waitForMail((m) => m.subject?.startsWith('Deine Woche bei Stride') ?? false);
    assert.deepEqual(
      smtp.mails.filter((m) => m.subject?.includes('Woche') || m.subject?.includes('week')).length,
      1,
      'one report, to the one who asked for it with mail on',
    );
    assert.deepEqual(recipients(mail), [reader.email.toLowerCase()]);
    for (const other of [quiet, uninterested]) {
      assert.equal(
        smtp.mailsTo(other.email).some((m) => m.subject?.includes('week')),
        false,
        `${other.email} gets no report`,
      );
    }
    assert.match(mail.text ?? '', /1 Training an 1 Tag/);
    assert.match(mail.text ?? '', /3 Arbeitssätze, 1\.200 kg bewegt/);
    assert.match(mail.text ?? '', /Bench press: höchstes Gewicht 100 kg/);
    assert.match(mail.text ?? '', /650 kcal und 48 g Eiweiß/);
    assert.match(mail.text ?? '', new RegExp(`${APP_URL}/dashboard`));
    assert.match(String(mail.html), /lang="de"/);

    // Once per week, whoever runs it again (another server, the next quarter hour).
    assert.equal(await server.weeklyReports.runOnce(), 0);
  });

  it("sends nothing while the admins' email notifications switch is off", async () => {
    const reader = await userWithWeek('Switch Watcher', { weeklyReports: true });
    await server.runner.waitFor(['users', 'workouts', 'meals', 'personal_records'], reader.position, 5000);
    // Report mails only: the registration's own mail may still be on its way.
    const reportMails = () => smtp.mails.filter((m) => /week|Woche/.test(m.subject ?? '')).length;
    const before = reportMails();
    await ok(admin.token, 'PUT', '/admin/settings', { email_notifications: false });
    try {
      assert.equal(await server.weeklyReports.runOnce(), 0);
      assert.equal(reportMails(), before);
    } finally {
      await ok(admin.token, 'PUT', '/admin/settings', { email_notifications: true });
    }
    assert.equal(await server.weeklyReports.runOnce(), 1, 'switched on again, the report goes');
    const mail = await smtp.waitForMail(
      (m) => recipients(m).includes(reader.email.toLowerCase()) && /week/.test(m.subject ?? ''),
    );
    assert.match(mail.subject ?? '', /^Your week on Stride/);
  });
});
