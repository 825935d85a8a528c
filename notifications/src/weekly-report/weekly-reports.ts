import { clientSettingsOf, type SystemSettings, shiftDay, type UserDocument, weekOf } from '@fitness/contracts';
import type { ReadStore } from '@fitness/stores';
import type { Mailer } from '../mail/mailer.ts';
import { gatherWeeklyReport } from './weekly-report-data.ts';
import { weeklyReportMail } from './weekly-report-mail.ts';

/** The hour (UTC) from which the report of the week just ended goes out, on the week's next first day. */
export const REPORT_HOUR_UTC = 12;

/**
 * The week whose report is due at `now` for someone whose weeks start on `startOfWeek`, or null
 * when none is. The report goes out on the first day of the next week, from 12:00 UTC (by
 * then that week's last day has ended in every time zone) until 12:00 UTC the day after, so a
 * server that was down at noon still sends it that day. The week is the user's own calendar
 * days, as they logged them.
 */
export function reportWeekDue(now: Date, startOfWeek: 'monday' | 'sunday'): string[] | null {
  const today = now.toISOString().slice(0, 10);
  const reportDay = now.getUTCHours() >= REPORT_HOUR_UTC ? today : shiftDay(today, -1);
  const lastWeek = weekOf(shiftDay(reportDay, -1), startOfWeek);
  return lastWeek.at(-1) === shiftDay(reportDay, -1) ? lastWeek : null;
}

export type WeeklyReportsOptions = {
  readStore: ReadStore;
  mailer: Mailer;
  /** The admins' settings now: the site's name, and the global "email notifications" switch. */
  systemSettings: () => Promise<SystemSettings>;
  /**
   * Records that the report of the week starting `weekStart` goes to the user; false when it was
   * recorded already (another run or another server sent it), and then nothing is mailed.
   */
  claim: (userId: string, weekStart: string, at: Date) => Promise<boolean>;
  /** Where the mail's button leads: the web app's dashboard. */
  dashboardUrl: string;
  /** The server's clock: which week is due is decided by it. */
  now: () => Date;
  logger: { info(details: object, message: string): void; error(details: object, message: string): void };
};

/**
 * The weekly report mail: each user who turned weekly reports on (and kept email notifications
 * on) gets their last week's training, nutrition and records, once per week. Non-essential
 * mail: the admins' "email notifications" switch off stops it for everyone.
 */
export class WeeklyReports {
  private readonly options: WeeklyReportsOptions;

  constructor(options: WeeklyReportsOptions) {
    this.options = options;
  }

  /** Sends every report due at `now`; answers how many went out. */
  async runOnce(now = this.options.now()): Promise<number> {
    const { readStore, logger } = this.options;
    const system = await this.options.systemSettings();
    if (!system.email_notifications) return 0;
    let sent = 0;
    for (const user of await readStore.find<UserDocument>('users')) {
      const settings = clientSettingsOf(user.settings);
      if (!settings.weeklyReports || !settings.emailNotifications) continue;
      const week = reportWeekDue(now, settings.startOfWeek);
      if (!week) continue;
      try {
        if (await this.send(user, week, system.site_name, now)) sent += 1;
      } catch (error) {
        logger.error({ err: error, userId: user.id, week: week[0] }, 'sending a weekly report failed');
      }
    }
    return sent;
  }

  /** Runs every `everyMs` (and once now); returns the stop. */
  start(everyMs = 15 * 60_000) {
    const run = () => {
      this.runOnce().catch((error) => this.options.logger.error({ err: error }, 'weekly reports failed'));
    };
    run();
    const timer = setInterval(run, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async send(user: UserDocument, week: string[], siteName: string, now: Date) {
    const weekStart = week[0] ?? '';
    // Recorded before it is mailed: at most once, whichever server gets there first.
    if (!(await this.options.claim(user.id, weekStart, now))) return false;
    const settings = clientSettingsOf(user.settings);
    const report = await gatherWeeklyReport(this.options.readStore, user.id, week);
    await this.options.mailer.send(
      weeklyReportMail({
        to: user.email,
        name: user.name,
        siteName,
        language: settings.language,
        units: settings.units,
        dashboardUrl: this.options.dashboardUrl,
        report,
      }),
    );
    this.options.logger.info({ userId: user.id, week: weekStart }, 'weekly report sent');
    return true;
  }
}
