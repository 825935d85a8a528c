import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { weeklyReportMail } from './weekly-report-mail.ts';
import { reportWeekDue } from './weekly-reports.ts';

describe('when a weekly report is due', () => {
  it('is due from Monday noon UTC until Tuesday noon, for the Monday-to-Sunday week just ended', () => {
    const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
    assert.equal(reportWeekDue(new Date('2026-11-23T11:59:00Z'), 'monday'), null, 'Sunday is not over everywhere');
    assert.deepEqual(reportWeekDue(new Date('2026-11-23T12:00:00Z'), 'monday'), week);
    assert.deepEqual(reportWeekDue(new Date('2026-11-24T08:00:00Z'), 'monday'), week, 'a late server still sends it');
    assert.equal(reportWeekDue(new Date('2026-11-24T12:00:00Z'), 'monday'), null);
    assert.equal(reportWeekDue(new Date('2026-11-26T15:00:00Z'), 'monday'), null);
  });
  it('follows a week that starts on Sunday', () => {
    assert.deepEqual(reportWeekDue(new Date('2026-11-22T13:00:00Z'), 'sunday'), [
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    assert.equal(reportWeekDue(new Date('2026-11-23T13:00:00Z'), 'sunday'), null);
  });
});

describe('the weekly report mail', () => {
  const report = {
    from: '2026-11-16',
    to: '2026-11-22',
    training: { workouts: 3, days: 3, minutes: 150, sets: 42, volumeKg: 12_345 },
    nutrition: { daysLogged: 5, averageKcal: 2310, averageProteinG: 142 },
    records: [{ exercise: 'Bench Press', type: 'heaviest_weight' as const, value: 100 }],
  };
  const base = {
    to: 'ada@example.com',
    name: 'Ada <Lovelace>',
    siteName: 'Iron & Oak',
    units: 'metric' as const,
    dashboardUrl: 'https://fit.example.com/dashboard',
    report,
  };

  it('tells the week in English with the site name, escaping what users typed', () => {
    const mail = weeklyReportMail({ ...base, language: 'en' });
    assert.equal(mail.subject, 'Your week on Iron & Oak: 16 Nov – 22 Nov');
    assert.match(mail.text, /3 workouts on 3 days/);
    assert.match(mail.text, /42 working sets, 12,345 kg lifted/);
    assert.match(mail.text, /Bench Press: heaviest weight 100 kg/);
    assert.match(mail.text, /2,310 kcal and 142 g protein a day/);
    assert.match(mail.html, /Ada &lt;Lovelace&gt;/);
    assert.equal(mail.html.includes('<Lovelace>'), false);
    assert.match(mail.html, /Iron &amp; Oak/);
    assert.match(mail.html, /href="https:\/\/fit\.example\.com\/dashboard"/);
  });

  it('speaks German and Arabic (right to left), and pounds for imperial users', () => {
    const german = weeklyReportMail({ ...base, language: 'de', units: 'imperial' });
    assert.match(german.subject, /^Deine Woche bei Iron & Oak/);
    assert.match(german.text, /27\.216 lb bewegt/);
    const arabic = weeklyReportMail({ ...base, language: 'ar' });
    assert.match(arabic.html, /<html lang="ar" dir="rtl">/);
    assert.match(arabic.subject, /^أسبوعك على Iron & Oak/);
    assert.equal(arabic.language, 'ar');
  });

  it('says so kindly when nothing was logged', () => {
    const mail = weeklyReportMail({
      ...base,
      language: 'en',
      report: {
        ...report,
        training: { workouts: 0, days: 0, minutes: 0, sets: 0, volumeKg: 0 },
        nutrition: { daysLogged: 0, averageKcal: 0, averageProteinG: 0 },
        records: [],
      },
    });
    assert.match(mail.text, /No workouts this week/);
    assert.match(mail.text, /No meals logged this week/);
    assert.equal(mail.text.includes('New personal records'), false);
  });
});
