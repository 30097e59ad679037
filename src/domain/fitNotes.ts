/**
 * How a fit's qualifiers read (src/domain/fitment.ts describes them): note codes and months.
 * Apart from fitment.ts so that pages without a fit note do not carry it.
 */
/** The note codes the storefront translates (`fit.note.<code>` in every catalogue). */
export const FIT_NOTE_CODES = ['abs', 'noAbs', 'sportPackage', 'electricParkingBrake', 'discDiameter'] as const;
export type FitNoteCode = (typeof FIT_NOTE_CODES)[number];

export const MONTH_PATTERN = /^[12]\d{3}-(0[1-9]|1[0-2])$/;

export const isMonth = (value: unknown): value is string => typeof value === 'string' && MONTH_PATTERN.test(value);

/** A note read: a known code (with its argument) or free text. */
export type FitNote = { code: FitNoteCode; value: string | null } | { text: string };

export function parseFitNote(note: string | null): FitNote | null {
  if (note === null || note.trim() === '') return null;
  const match = /^([a-zA-Z]+)(?::(\d+(?:[.,]\d+)?))?$/.exec(note.trim());
  if (match && (FIT_NOTE_CODES as readonly string[]).includes(match[1])) return { code: match[1] as FitNoteCode, value: match[2] ?? null };
  return { text: note.trim() };
}

/** 'YYYY-MM' as the shopper reads it: 'MM/YYYY'. */
export function monthLabel(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

