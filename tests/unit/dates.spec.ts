// dateIn/timestampIn remember a zone's offset per minute; they must agree with Intl's own formatting everywhere,
// including across DST changes and when instants of different minutes alternate.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { dateIn, timestampIn } from '../../shared/dates';

const ZONES = ['Europe/Budapest', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];

const referenceFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl's own answer, with no cache of offsets. */
function reference(instant: Date, timeZone: string): string {
  const fmt = referenceFormats.get(timeZone) ?? new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  referenceFormats.set(timeZone, fmt);
  const p = Object.fromEntries(fmt.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

test('timestamps and dates match Intl for any instant and zone', () => {
  const instant = fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
  fc.assert(
    fc.property(fc.array(fc.tuple(instant, fc.constantFrom(...ZONES)), { minLength: 1, maxLength: 20 }), (calls) =>
      calls.every(([at, zone]) => timestampIn(at, zone) === reference(at, zone) && dateIn(at, zone) === reference(at, zone).slice(0, 10)),
    ),
    { numRuns: 500 },
  );
});

test('every second around a DST change is formatted right, one after another', () => {
  // Budapest leaves summer time at 01:00 UTC on 2026-10-25 (03:00 CEST becomes 02:00 CET); Lord Howe moves by 30 min.
  for (const [zone, change] of [
    ['Europe/Budapest', Date.UTC(2026, 9, 25, 1, 0, 0)],
    ['Europe/Budapest', Date.UTC(2026, 2, 29, 1, 0, 0)],
    ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15, 0, 0)],
  ] as const) {
    for (let ms = change - 90_000; ms <= change + 90_000; ms += 250) {
      const at = new Date(ms);
      expect(timestampIn(at, zone), `${zone} ${at.toISOString()}`).toBe(reference(at, zone));
    }
  }
  expect(timestampIn(new Date('2026-10-25T00:59:59Z'), 'Europe/Budapest')).toBe('2026-10-25 02:59:59');
  expect(timestampIn(new Date('2026-10-25T01:00:00Z'), 'Europe/Budapest')).toBe('2026-10-25 02:00:00');
});
