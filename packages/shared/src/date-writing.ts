/*
 * How dates are written, apart from the settings' schema: the phone apps' and the back-office's first downloads
 * format dates, and a module with top-level zod calls would bring zod (about 50 kB gzip) along with it.
 */

/**
 * The locale dates are written in when OPERATOR_LOCALE is not set. It writes the specification's patterns:
 * 'Do MMM YYYY' ('1st Jan 2025') and, for a trip, 'Do MMM YY, h:mm:ss a' ('1st Jan 25, 3:04:05 pm').
 */
export const DEFAULT_OPERATOR_LOCALE = 'en-GB';

/** 1 → '1st', 12 → '12th', 22 → '22nd'. */
function ordinal(day: number): string {
  const suffix = day % 100 >= 11 && day % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * A function writing dates in `options` the way `locale` does (Intl's), except that the default locale writes
 * the specification's patterns: en-GB's words with an ordinal day and a 12-hour clock ('1st Jan 2025, 3:04 pm')
 * wherever the month is short, as in those patterns.
 * Build it once and call it often: a formatter is costly to build.
 */
export function dateWriter(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  // The spec's patterns are the short-month ones; a long day ('Thursday 17 December') stays en-GB's own.
  if (locale !== DEFAULT_OPERATOR_LOCALE || options.month !== 'short') {
    const formatter = new Intl.DateTimeFormat(locale, options);
    return (date) => formatter.format(date);
  }
  const formatter = new Intl.DateTimeFormat(locale, options.hour ? { ...options, hour12: true } : options);
  return (date) =>
    formatter
      .formatToParts(date)
      .map((part) => (part.type === 'day' ? ordinal(Number(part.value)) : part.value))
      .join('')
      // ICU puts a narrow no-break space before 'pm'; the pattern has a plain one.
      .replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * A calendar day ('2026-03-03') as `locale` writes it: '3rd Mar 2026' by default, 'Mar 3, 2026' in en-US. Read as
 * that day wherever this runs (it is a day, not an instant): the server writes the days of its messages with it.
 */
export function dayInLocale(day: string, locale: string = DEFAULT_OPERATOR_LOCALE): string {
  const [year, month, date] = day.split('-').map(Number);
  return dateWriter(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })(
    new Date(Date.UTC(year!, month! - 1, date!)),
  );
}

/**
 * A calendar day with its weekday, as `locale` writes it ('Monday 8 September' in en-GB, 'lunes, 8 de septiembre'
 * in Spanish), without the year: what a change "from" a coming day says (issue 35, decision 068).
 */
export function longDayInLocale(day: string, locale: string = DEFAULT_OPERATOR_LOCALE): string {
  const [year, month, date] = day.split('-').map(Number);
  return dateWriter(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })(
    new Date(Date.UTC(year!, month! - 1, date!)),
  );
}
