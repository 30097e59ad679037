/**
 * News date badge (storefront spec section 5): a date string split on dashes into year,
 * month and day; fewer than three parts gives false. The month may be replaced with a name.
 * Default output: day-month-year.
 */
export interface NewsDate {
  day: string;
  month: string;
  year: string;
  text: string;
}

export function newsDate(value: string, options: { monthNames?: readonly string[]; separator?: string } = {}): NewsDate | false {
  const parts = value.split('-');
  if (parts.length < 3) return false;
  const [year, monthNumber, dayPart] = parts;
  const day = dayPart.slice(0, 2);
  const index = Number(monthNumber) - 1;
  const month = options.monthNames && options.monthNames[index] !== undefined ? options.monthNames[index] : monthNumber;
  const separator = options.separator ?? '-';
  return { day, month, year, text: [day, month, year].join(separator) };
}
