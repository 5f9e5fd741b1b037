// When a report to NAV Online Számla is late. The law asks for an invoice's data at once after it is issued (an
// invoicing program sends it without human action), so a report still not accepted the day after the invoice's
// issue date is shown as late (red) on the dashboard. One place for the rule, so the card and its test agree.
import { daysBetween } from '../../shared/dates';

/** Days after the issue date from which a report not yet accepted counts as late. */
export const NAV_LATE_AFTER_DAYS = 1;

export function isNavReportLate(issuedOn: string, today: string): boolean {
  return daysBetween(issuedOn, today) >= NAV_LATE_AFTER_DAYS;
}
