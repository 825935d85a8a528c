import type { AchievementId, ClientSettings, RecordType } from '@fitness/contracts';
import type { PushPayload } from './push-service.ts';

type Language = ClientSettings['language'];

/** The pushes' words in each language the app speaks; the app's own strings say the same. */
const TEXTS = {
  en: {
    record: 'New personal record!',
    achievement: 'Achievement unlocked!',
    reminderTitle: 'Time to train?',
    reminderBody: (days: number) => `It has been ${days} days since your last workout. A short session counts too.`,
    reps: (reps: number) => `${reps} reps`,
    types: {
      heaviest_weight: 'heaviest weight',
      best_e1rm: 'best estimated 1RM',
      most_reps: 'most reps',
      best_volume: 'best set volume',
      longest_duration: 'longest time',
      longest_distance: 'longest distance',
    },
    achievements: {
      first_workout: 'First workout',
      workouts_10: '10 workouts',
      workouts_50: '50 workouts',
      workouts_100: '100 workouts',
      week_streak: 'Week streak: 7 days in a row',
      month_streak: 'Month streak: 30 days in a row',
      first_pr: 'First personal record',
      prs_10: '10 personal records',
      volume_10000: 'Over 10,000 kg lifted',
    },
  },
  de: {
    record: 'Neuer persönlicher Rekord!',
    achievement: 'Erfolg freigeschaltet!',
    reminderTitle: 'Zeit fürs Training?',
    reminderBody: (days: number) => `Dein letztes Training ist ${days} Tage her. Auch eine kurze Einheit zählt.`,
    reps: (reps: number) => `${reps} Wdh.`,
    types: {
      heaviest_weight: 'höchstes Gewicht',
      best_e1rm: 'bestes geschätztes 1RM',
      most_reps: 'meiste Wiederholungen',
      best_volume: 'bestes Satzvolumen',
      longest_duration: 'längste Zeit',
      longest_distance: 'längste Strecke',
    },
    achievements: {
      first_workout: 'Erstes Training',
      workouts_10: '10 Trainings',
      workouts_50: '50 Trainings',
      workouts_100: '100 Trainings',
      week_streak: 'Wochenserie: 7 Tage am Stück',
      month_streak: 'Monatsserie: 30 Tage am Stück',
      first_pr: 'Erster persönlicher Rekord',
      prs_10: '10 persönliche Rekorde',
      volume_10000: 'Über 10.000 kg bewegt',
    },
  },
  ar: {
    record: 'رقم قياسي شخصي جديد!',
    achievement: 'تم فتح إنجاز!',
    reminderTitle: 'هل حان وقت التمرين؟',
    reminderBody: (days: number) => `مرّت ${days} أيام منذ آخر تمرين لك. حتى الجلسة القصيرة تُحتسب.`,
    reps: (reps: number) => `${reps} تكرارات`,
    types: {
      heaviest_weight: 'أثقل وزن',
      best_e1rm: 'أفضل تقدير لأقصى تكرار واحد',
      most_reps: 'أكثر تكرارات',
      best_volume: 'أفضل حجم للمجموعة',
      longest_duration: 'أطول مدة',
      longest_distance: 'أطول مسافة',
    },
    achievements: {
      first_workout: 'أول تدريب',
      workouts_10: '10 تدريبات',
      workouts_50: '50 تدريبًا',
      workouts_100: '100 تدريب',
      week_streak: 'سلسلة أسبوع: 7 أيام متتالية',
      month_streak: 'سلسلة شهر: 30 يومًا متتاليًا',
      first_pr: 'أول رقم قياسي شخصي',
      prs_10: '10 أرقام قياسية شخصية',
      volume_10000: 'أكثر من 10,000 كغ مرفوعة',
    },
  },
} satisfies Record<Language, unknown>;

const ICON = '/icons/icon-192.png';
const KG_PER_LB = 0.45359237;

/** Who a push is for: their language and units, and the site's name it is signed with. */
export type Reader = { language: Language; units: ClientSettings['units']; siteName: string };

export type RecordNews = { exercise: string; exerciseKey: string; type: RecordType; value: number; reps: number };

const texts = (reader: Reader) => TEXTS[reader.language] ?? TEXTS.en;
const titled = (reader: Reader, title: string) => `${title} · ${reader.siteName}`;

function measure(reader: Reader, record: RecordNews) {
  const number = (value: number, digits = 1) =>
    new Intl.NumberFormat(reader.language, { maximumFractionDigits: digits }).format(value);
  switch (record.type) {
    case 'heaviest_weight':
    case 'best_e1rm':
    case 'best_volume':
      return reader.units === 'imperial' ? `${number(record.value / KG_PER_LB)} lb` : `${number(record.value)} kg`;
    case 'most_reps':
      return texts(reader).reps(record.value);
    case 'longest_duration': {
      const seconds = Math.round(record.value);
      return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    }
    case 'longest_distance':
      return record.value >= 1000 ? `${number(record.value / 1000, 2)} km` : `${number(record.value, 0)} m`;
  }
}

/** One push for the records one exercise's set beat: "Bench press: heaviest weight 105 kg, …". */
export function recordMessage(reader: Reader, records: RecordNews[]): PushPayload {
  const [first] = records;
  if (!first) throw new Error('a record message needs a record');
  const words = texts(reader);
  const beaten = records.map((record) => `${words.types[record.type]} ${measure(reader, record)}`).join(', ');
  return {
    title: titled(reader, words.record),
    body: `${first.exercise}: ${beaten}`,
    tag: `record:${first.exerciseKey}`,
    url: '/profile',
    icon: ICON,
  };
}

export function achievementMessage(reader: Reader, achievement: AchievementId): PushPayload {
  const words = texts(reader);
  return {
    title: titled(reader, words.achievement),
    body: words.achievements[achievement],
    tag: `achievement:${achievement}`,
    url: '/profile',
    icon: ICON,
  };
}

export function reminderMessage(reader: Reader, quietDays: number): PushPayload {
  const words = texts(reader);
  return {
    title: titled(reader, words.reminderTitle),
    body: words.reminderBody(quietDays),
    tag: 'workout-reminder',
    url: '/workouts',
    icon: ICON,
  };
}
