import { newsDate } from '../domain/newsDate';
import '../styles/widgets.css';

/** Month names for a locale ("novembre" in Italian), from the browser's own calendar data. */
export function monthNames(locale: string): string[] {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  } catch {
    format = new Intl.DateTimeFormat('it', { month: 'long', timeZone: 'UTC' });
  }
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 1))));
}

/** year-month-day as a valid HTML date string, or null when the parts are not a calendar day. */
function machineDate(year: string, month: string, day: string): string | null {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export interface NewsDateBadgeProps {
  /** The news item's date, year-month-day ("2026-11-02"; a time after the day is ignored). */
  date: string;
  /** Locale of the month name (default Italian). */
  locale?: string;
  className?: string;
}

/**
 * A news item's date as a badge: day, month name, year (the news date rule of spec section 5).
 * Nothing is rendered when the rule refuses the date (fewer than three dash-separated parts).
 * A real calendar day is a <time> with its machine-readable dateTime.
 */
export function NewsDateBadge({ date, locale = 'it', className }: NewsDateBadgeProps) {
  const numeric = newsDate(date);
  if (numeric === false) return null;
  const named = newsDate(date, { monthNames: monthNames(locale), separator: ' ' });
  if (named === false) return null;
  const classes = className ? `news-date ${className}` : 'news-date';
  const content = (
    <>
      <span className="news-date__day">{named.day}</span> <span className="news-date__month">{named.month}</span>{' '}
      <span className="news-date__year">{named.year}</span>
    </>
  );
  const dateTime = machineDate(numeric.year, numeric.month, numeric.day);
  if (dateTime === null) return <span className={classes}>{content}</span>;
  return (
    <time className={classes} dateTime={dateTime}>
      {content}
    </time>
  );
}
