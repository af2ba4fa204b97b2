/** Unit symbols in the user's language (`settings.units`). */
export interface DurationUnits {
  d: string;
  h: string;
  min: string;
  s: string;
}

const STEPS: [keyof DurationUnits, number][] = [
  ['d', 86_400],
  ['h', 3600],
  ['min', 60],
  ['s', 1],
];

/** 5400 -> "1 h 30 min": a duration in seconds the way a person reads it; '' for no number. */
export function readableDuration(seconds: unknown, units: DurationUnits): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '';
  let rest = Math.round(seconds);
  const parts: string[] = [];
  for (const [unit, size] of STEPS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) parts.push(`${n} ${units[unit]}`);
  }
  return parts.join(' ') || `0 ${units.s}`;
}
