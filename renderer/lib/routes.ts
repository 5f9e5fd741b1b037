// Routes of the hash URL ('#/invoices/12?x=y'): plain functions, usable before Svelte has loaded (boot.ts).
import { deliveryKindOfPath, type DeliveryDocumentKind } from './delivery-kinds';
/** The tabs of Settings: '#/settings' is the company, '#/settings/nav' NAV Online Számla, and so on. */
export const SETTINGS_SECTIONS = ['company', 'nav', 'email', 'reminders', 'data', 'import', 'users', 'audit', 'companies'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export type Route =
  | { name: 'dashboard' }
  | { name: 'welcome' }
  | { name: 'invoices' }
  | { name: 'invoice-new' }
  | { name: 'invoice-modify-external' }
  | { name: 'invoice'; id: number }
  | { name: 'invoice-edit'; id: number }
  | { name: 'quotes' }
  | { name: 'quote-new' }
  | { name: 'quote'; id: number }
  | { name: 'quote-edit'; id: number }
  | { name: 'clients' }
  | { name: 'products' }
  | { name: 'expenses' }
  // NAV inbound invoices (issue 39)
  | { name: 'expenses-nav' }
  | { name: 'bank-accounts' }
  | { name: 'recurring' }
  | { name: 'settings'; section: SettingsSection }
  | { name: 'sync' }
  | { name: 'reports' }
  // NAV receipt data report (issue 35): the counter's quick receipt
  | { name: 'receipt-new' }
  // delivery notes, order confirmations, completion certificates (issue 40): one set of screens, the kind by path
  | { name: 'delivery-docs'; kind: DeliveryDocumentKind }
  | { name: 'delivery-doc-new'; kind: DeliveryDocumentKind }
  | { name: 'delivery-doc'; kind: DeliveryDocumentKind; id: number }
  | { name: 'not-found'; path: string };

const SIMPLE: Record<string, Route> = {
  '/': { name: 'dashboard' },
  '/welcome': { name: 'welcome' },
  '/invoices': { name: 'invoices' },
  '/invoices/new': { name: 'invoice-new' },
  '/invoices/modify-external': { name: 'invoice-modify-external' },
  '/quotes': { name: 'quotes' },
  '/quotes/new': { name: 'quote-new' },
  '/clients': { name: 'clients' },
  '/products': { name: 'products' },
  '/expenses': { name: 'expenses' },
  // NAV inbound invoices (issue 39)
  '/expenses/nav': { name: 'expenses-nav' },
  '/bank-accounts': { name: 'bank-accounts' },
  '/recurring': { name: 'recurring' },
  '/settings': { name: 'settings', section: 'company' },
  '/sync': { name: 'sync' },
  '/reports': { name: 'reports' },
  '/receipts/new': { name: 'receipt-new' },
};

export function parseRoute(path: string): Route {
  const clean = path.replace(/\/+$/, '') || '/';
  const simple = SIMPLE[clean];
  if (simple) return simple;
  const section = /^\/settings\/([a-z]+)$/.exec(clean)?.[1] as SettingsSection | undefined;
  if (section && section !== 'company' && SETTINGS_SECTIONS.includes(section)) return { name: 'settings', section };
  const m = /^\/invoices\/(\d{1,10})(\/edit)?$/.exec(clean);
  if (m) return m[2] ? { name: 'invoice-edit', id: Number(m[1]) } : { name: 'invoice', id: Number(m[1]) };
  const q = /^\/quotes\/(\d{1,10})(\/edit)?$/.exec(clean);
  if (q) return q[2] ? { name: 'quote-edit', id: Number(q[1]) } : { name: 'quote', id: Number(q[1]) };
  // delivery documents (issue 40): '/delivery-notes', '/delivery-notes/new', '/delivery-notes/12' and the other kinds
  const d = /^(\/[a-z-]+)(?:\/(new|\d{1,10}))?$/.exec(clean);
  const kind = d ? deliveryKindOfPath(d[1]!) : null;
  if (d && kind) return !d[2] ? { name: 'delivery-docs', kind } : d[2] === 'new' ? { name: 'delivery-doc-new', kind } : { name: 'delivery-doc', kind, id: Number(d[2]) };
  return { name: 'not-found', path: clean };
}

export function readHash(): { path: string; query: URLSearchParams } {
  const raw = location.hash.replace(/^#/, '') || '/';
  const q = raw.indexOf('?');
  return q < 0 ? { path: raw, query: new URLSearchParams() } : { path: raw.slice(0, q), query: new URLSearchParams(raw.slice(q + 1)) };
}

export function href(path: string, query?: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `#${path}${qs ? `?${qs}` : ''}`;
}
