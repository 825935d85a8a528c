import type { RecordType } from '@fitness/contracts';
import escapeHtml from 'escape-html';
import type { Mail } from '../mail/mailer.ts';
import type { WeeklyReportData } from './weekly-report-data.ts';

export type ReportLanguage = 'en' | 'de' | 'ar';
type Units = 'metric' | 'imperial';

const KG_PER_LB = 0.45359237;
const METRES_PER_MILE = 1609.344;

type Texts = {
  subject: (site: string, from: string, to: string) => string;
  greeting: (name: string) => string;
  intro: (from: string, to: string) => string;
  training: string;
  workouts: (count: number, days: number) => string;
  time: (minutes: string) => string;
  sets: (sets: number, volume: string) => string;
  restWeek: string;
  nutrition: string;
  eaten: (days: number, kcal: string, protein: string) => string;
  nothingEaten: string;
  /** Energy has no unit Intl formats: each language writes its own. */
  kcal: (amount: string) => string;
  records: string;
  recordTypes: Record<RecordType, string>;
  open: string;
  why: (site: string) => string;
};

/** The report in the three languages of the app; numbers and dates follow the language's habits. */
const TEXTS: Record<ReportLanguage, Texts> = {
  en: {
    subject: (site, from, to) => `Your week on ${site}: ${from} – ${to}`,
    greeting: (name) => `Hi ${name},`,
    intro: (from, to) => `here is your week from ${from} to ${to}.`,
    training: 'Training',
    workouts: (count, days) =>
      `${count} ${count === 1 ? 'workout' : 'workouts'} on ${days} ${days === 1 ? 'day' : 'days'}`,
    time: (minutes) => `${minutes} of training`,
    sets: (sets, volume) => `${sets} working ${sets === 1 ? 'set' : 'sets'}, ${volume} lifted`,
    restWeek: 'No workouts this week. A short one this week gets the streak going again.',
    nutrition: 'Nutrition',
    eaten: (days, kcal, protein) =>
      `Meals logged on ${days} ${days === 1 ? 'day' : 'days'}: ${kcal} and ${protein} protein a day on average`,
    nothingEaten: 'No meals logged this week.',
    kcal: (amount) => `${amount} kcal`,
    records: 'New personal records',
    recordTypes: {
      heaviest_weight: 'heaviest weight',
      best_e1rm: 'best estimated 1RM',
      most_reps: 'most reps',
      best_volume: 'best set volume',
      longest_duration: 'longest duration',
      longest_distance: 'longest distance',
    },
    open: 'Open your dashboard',
    why: (site) => `You get this mail because weekly reports are on in your ${site} settings. Turn them off there.`,
  },
  de: {
    subject: (site, from, to) => `Deine Woche bei ${site}: ${from} – ${to}`,
    greeting: (name) => `Hallo ${name},`,
    intro: (from, to) => `hier ist deine Woche vom ${from} bis ${to}.`,
    training: 'Training',
    workouts: (count, days) =>
      `${count} ${count === 1 ? 'Training' : 'Trainings'} an ${days} ${days === 1 ? 'Tag' : 'Tagen'}`,
    time: (minutes) => `${minutes} Training`,
    sets: (sets, volume) => `${sets} ${sets === 1 ? 'Arbeitssatz' : 'Arbeitssätze'}, ${volume} bewegt`,
    restWeek: 'Diese Woche kein Training. Eine kurze Einheit bringt dich wieder in den Rhythmus.',
    nutrition: 'Ernährung',
    eaten: (days, kcal, protein) =>
      `Mahlzeiten an ${days} ${days === 1 ? 'Tag' : 'Tagen'} erfasst: im Schnitt ${kcal} und ${protein} Eiweiß pro Tag`,
    nothingEaten: 'Diese Woche keine Mahlzeiten erfasst.',
    kcal: (amount) => `${amount} kcal`,
    records: 'Neue persönliche Bestleistungen',
    recordTypes: {
      heaviest_weight: 'höchstes Gewicht',
      best_e1rm: 'bestes geschätztes 1RM',
      most_reps: 'meiste Wiederholungen',
      best_volume: 'bestes Satzvolumen',
      longest_duration: 'längste Dauer',
      longest_distance: 'längste Strecke',
    },
    open: 'Zum Dashboard',
    why: (site) =>
      `Du bekommst diese Mail, weil Wochenberichte in deinen ${site}-Einstellungen eingeschaltet sind. Dort kannst du sie ausschalten.`,
  },
  ar: {
    subject: (site, from, to) => `أسبوعك على ${site}: ${from} – ${to}`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (from, to) => `إليك ملخص أسبوعك من ${from} إلى ${to}.`,
    training: 'التمارين',
    workouts: (count, days) => `عدد التمارين: ${count} في ${days} ${days === 1 ? 'يوم' : 'أيام'}`,
    time: (minutes) => `مدة التمرين: ${minutes}`,
    sets: (sets, volume) => `المجموعات الأساسية: ${sets}، والحجم المرفوع: ${volume}`,
    restWeek: 'لا تمارين هذا الأسبوع. تمرين قصير هذا الأسبوع يعيدك إلى الإيقاع.',
    nutrition: 'التغذية',
    eaten: (days, kcal, protein) =>
      `سُجّلت وجبات في ${days} ${days === 1 ? 'يوم' : 'أيام'}: بمعدل ${kcal} و${protein} بروتين يوميًا`,
    nothingEaten: 'لم تُسجَّل وجبات هذا الأسبوع.',
    kcal: (amount) => `${amount} سعرة حرارية`,
    records: 'أرقام قياسية شخصية جديدة',
    recordTypes: {
      heaviest_weight: 'أثقل وزن',
      best_e1rm: 'أفضل تكرار أقصى تقديري',
      most_reps: 'أكثر تكرارات',
      best_volume: 'أفضل حجم للمجموعة',
      longest_duration: 'أطول مدة',
      longest_distance: 'أطول مسافة',
    },
    open: 'افتح لوحة التحكم',
    why: (site) => `تصلك هذه الرسالة لأن التقارير الأسبوعية مفعّلة في إعدادات ${site}. يمكنك إيقافها من هناك.`,
  },
};

const LOCALES: Record<ReportLanguage, string> = { en: 'en-GB', de: 'de-DE', ar: 'ar' };

/** The weekly report as a mail: plain text and HTML, in the user's language and units. */
export function weeklyReportMail(input: {
  to: string;
  name: string;
  siteName: string;
  language: ReportLanguage;
  units: Units;
  dashboardUrl: string;
  report: WeeklyReportData;
}): Mail {
  const { report, language } = input;
  const texts = TEXTS[language];
  const locale = LOCALES[language];
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const unit = (value: number, name: string, digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  const weight = (kg: number) => (input.units === 'imperial' ? unit(kg / KG_PER_LB, 'pound') : unit(kg, 'kilogram', 1));
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const duration = (minutes: number) =>
    minutes >= 60 ? unit(Math.round((minutes / 60) * 10) / 10, 'hour', 1) : unit(minutes, 'minute');
  const recordValue = (type: RecordType, value: number) => {
    if (type === 'most_reps') return number(value);
    if (type === 'longest_duration') return duration(Math.round(value / 60));
    if (type === 'longest_distance') {
      return input.units === 'imperial' ? unit(value / METRES_PER_MILE, 'mile', 2) : unit(value / 1000, 'kilometer', 2);
    }
    return weight(value);
  };

  const { training, nutrition } = report;
  const trainingLines =
    training.workouts === 0
      ? [texts.restWeek]
      : [
          texts.workouts(training.workouts, training.days),
          texts.time(duration(training.minutes)),
          texts.sets(training.sets, weight(training.volumeKg)),
        ];
  const nutritionLines =
    nutrition.daysLogged === 0
      ? [texts.nothingEaten]
      : [
          texts.eaten(
            nutrition.daysLogged,
            texts.kcal(number(nutrition.averageKcal)),
            unit(nutrition.averageProteinG, 'gram'),
          ),
        ];
  const recordLines = report.records
    .slice(0, 10)
    .map((record) => `${record.exercise}: ${texts.recordTypes[record.type]} ${recordValue(record.type, record.value)}`);
  const sections: [string, string[]][] = [
    [texts.training, trainingLines],
    [texts.nutrition, nutritionLines],
    ...(recordLines.length > 0 ? ([[texts.records, recordLines]] as [string, string[]][]) : []),
  ];
  const [from, to] = [day(report.from), day(report.to)];

  const text = [
    texts.greeting(input.name),
    texts.intro(from, to),
    '',
    ...sections.flatMap(([title, lines]) => [title, ...lines.map((line) => `- ${line}`), '']),
    `${texts.open}: ${input.dashboardUrl}`,
    '',
    texts.why(input.siteName),
  ].join('\n');

  const direction = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${direction}">
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 4px;font-weight:700;color:#2563eb">${escapeHtml(input.siteName)}</p>
<p>${escapeHtml(texts.greeting(input.name))}<br>${escapeHtml(texts.intro(from, to))}</p>
${sections
  .map(
    ([title, lines]) =>
      `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(title)}</h2>\n<ul style="margin:0;padding-inline-start:20px">${lines
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>`,
  )
  .join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(input.dashboardUrl)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(texts.open)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(texts.why(input.siteName))}</p>
</div>
</body>
</html>`;

  return { to: input.to, subject: texts.subject(input.siteName, from, to), text, html, language };
}
