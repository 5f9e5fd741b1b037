// The periods the Reports screen offers: a year, one of its quarters or one of its months (a VAT return is filed
// monthly, quarterly or yearly). A period is named by a short key kept in the address ('y', 'q1', 'm03').
export interface PeriodChoice {
  key: string;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function periodOf(year: number, key: string): PeriodChoice {
  const q = /^q([1-4])$/.exec(key);
  if (q) {
    const first = (Number(q[1]) - 1) * 3 + 1;
    return { key, from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${lastDay(year, first + 2)}` };
  }
  const m = /^m(0[1-9]|1[0-2])$/.exec(key);
  if (m) {
    const month = Number(m[1]);
    return { key, from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${lastDay(year, month)}` };
  }
  return { key: 'y', from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The quarter a day is in ('q1'..'q4'): the screen opens on the current quarter. */
export function quarterOf(day: string): string {
  return `q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

export const PERIOD_KEYS = ['y', 'q1', 'q2', 'q3', 'q4', ...Array.from({ length: 12 }, (_, i) => `m${pad(i + 1)}`)];
