// How far the setup guide has got, read from the data (issue 36): the business named, a bank account stored (or set
// aside), the NAV technical user in effect (or knowingly skipped: the law still requires the reports), the first
// invoice issued. The guide and the dashboard's "finish setting up" card read the same answer.
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import type { NavSystem } from '../../shared/contract/areas/nav';
import type { SettingsData } from '../../shared/resources';
import type { Api } from './api';

export type NavStepState = 'configured' | 'skipped' | 'open';

export interface SetupProgress {
  company: boolean;
  bank: boolean;
  nav: NavStepState;
  /** the system the technical user in effect reports to; null while none is */
  navSystem: NavSystem | 'other' | null;
  invoice: { id: number; no: string } | null;
}

/** The NAV step: done only when a technical user is in effect — a "done" mark with nothing set up does not count. */
export function navStepOf(source: 'environment' | 'settings' | 'none' | null, marked: string | undefined): NavStepState {
  if (source !== null && source !== 'none') return 'configured';
  return marked === 'skipped' ? 'skipped' : 'open';
}

export async function readSetupProgress(api: Api, settings: SettingsData, bankAccountCount: number): Promise<SetupProgress> {
  const [nav, latest] = await Promise.all([
    api.call('nav.settings', {}).catch(() => null),
    api.call('invoices.query', { type: INVOICE_TYPE.invoice, max_per_page: 1 }).catch(() => null),
  ]);
  const newest = latest?.items[0];
  return {
    company: settings.seller.name.trim() !== '',
    bank: bankAccountCount > 0 || settings.setup_steps.bank === 'skipped',
    nav: navStepOf(nav?.source ?? null, settings.setup_steps.nav),
    navSystem: nav?.source === 'environment' ? (nav.environment?.system ?? null) : nav?.source === 'settings' ? (nav.saved?.system ?? null) : null,
    invoice: newest ? { id: newest.id, no: newest.attributes.prefixed_invoice_no ?? '' } : null,
  };
}

/** Steps still open, in the guide's order (empty: the guide is done and the dashboard stops offering it). */
export function openSteps(p: SetupProgress): Array<'company' | 'bank' | 'nav' | 'invoice'> {
  const open: Array<'company' | 'bank' | 'nav' | 'invoice'> = [];
  if (!p.company) open.push('company');
  if (!p.bank) open.push('bank');
  if (p.nav === 'open') open.push('nav');
  if (!p.invoice) open.push('invoice');
  return open;
}
