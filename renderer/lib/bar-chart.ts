// The geometry the app's bar charts share (the dashboard's months, the reports' months beside last year's): one
// drawing size, so they look alike, and one scale for a bar.
export const CHART_W = 720;
export const CHART_H = 220;
export const CHART_PAD_TOP = 22;
export const CHART_PAD_BOTTOM = 28;

/** A bar's height for an amount on a scale whose largest amount is `max`; a positive amount is never thinner than 2. */
export function barHeight(milli: number, max: number): number {
  return Math.max(milli > 0 ? 2 : 0, ((CHART_H - CHART_PAD_TOP - CHART_PAD_BOTTOM) * Math.max(0, milli)) / max);
}
