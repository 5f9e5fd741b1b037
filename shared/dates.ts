// Calendar dates as 'YYYY-MM-DD' strings in the business's time zone (docs/design.md §8). Strings, not Date objects,
// cross every door, so no time zone can shift an invoice's date.

export const DEFAULT_TIME_ZONE = 'Europe/Budapest';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True only for a real calendar day in years 1900..9999 ('2026-02-30' and '0000-00-00' are not). */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// Building a DateTimeFormat costs far more than using one; every timestamp needs one, so keep one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formats.get(timeZone);
  if (!fmt) {
    fmt = makeFormat(timeZone);
    formats.set(timeZone, fmt);
  }
  return fmt;
}

function parts(instant: Date, timeZone: string): Record<string, string> {
  const fmt = formatFor(timeZone);
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(instant)) out[p.type] = p.value;
  return out;
}

function makeFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

// Formatting with Intl costs tens of microseconds and every write stamps a time, so each zone remembers its UTC
// offset for the minute it last formatted: offsets change only on whole minutes (DST, zone rule changes), and within
// that minute the wall-clock time is the instant plus the offset.
const offsets = new Map<string, { minute: number; offsetMs: number }>();

/** The wall-clock time of an instant in a zone, as the UTC fields of the Date returned. */
function wallClock(instant: Date, timeZone: string): Date {
  const ms = instant.getTime();
  const minute = Math.floor(ms / 60_000);
  let cached = offsets.get(timeZone);
  if (!cached || cached.minute !== minute) {
    const p = parts(instant, timeZone);
    const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    cached = { minute, offsetMs: wall - (ms - (((ms % 1000) + 1000) % 1000)) };
    offsets.set(timeZone, cached);
  }
  return new Date(ms + cached.offsetMs);
}

/** The calendar day of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:MM:SS', the interface's timestamp form, in the business's time zone. */
export function timestampIn(instant: Date, timeZone: string): string {
  const iso = wallClock(instant, timeZone).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28 or 29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function firstDayOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}
