/** A timestamp as a date in the reader's language; a dash when there is none. */
export const formatDate = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '—';
