/** Animation speeds and datepicker defaults (storefront spec section 9). */
export const ANIMATION_SPEED = { slow: 600, fast: 200, default: 400 } as const;
export const ANIMATION_TICK_MS = 13;

export function animationDuration(speed: keyof typeof ANIMATION_SPEED | number | undefined): number {
  if (typeof speed === 'number' && speed >= 0) return speed;
  return ANIMATION_SPEED[typeof speed === 'string' && speed in ANIMATION_SPEED ? speed : 'default'];
}

export const DATEPICKER_DEFAULTS = {
  monthNames: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  dayNamesMin: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
  dateFormat: 'mm/dd/yy',
  yearRange: 'c-10:c+10',
} as const;
