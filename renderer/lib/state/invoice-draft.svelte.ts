// The invoice editor's model: header fields, lines, and the live totals — computed by shared/totals.ts, the very
// code the core stores when the invoice is issued, so the preview is what gets issued.
import type { InputOf } from '../../../shared/contract/operations';
import { INVOICE_TYPE, type InvoiceType, type InvoiceTypeName } from '../../../shared/invoice-codes';
import type { ClientAttributes, InvoiceAttributes, InvoiceItem, ProductAttributes, Resource, SettingsData, VatSummaryLine } from '../../../shared/resources';
import { isBeyondRange, priceLine, sumExact, type ExactLineAmounts, type ExactTotals } from '../../../shared/totals';
import Big from 'big.js';
import { addDays } from '../../../shared/dates';
import { decimalToString } from '../../../shared/money';
import { editableDecimal, normalizeDate, normalizeDecimal, unitPriceInput } from '../format';
import { vatRate } from '../reference';
import { defaultVatIdFor } from '../../../shared/seller';
import { FieldErrors } from './field-errors.svelte';

export type PriceMode = 'net' | 'gross';

export interface DraftLine {
  key: number;
  product_uid: number | null;
  product_name: string;
  description: string;
  qty: string;
  unit: string;
  priceMode: PriceMode;
  price: string;
  vat_id: string;
  entitlement: string;
  item_comment: string;
}

export type SaveKind = InvoiceTypeName;

/** The core's refusal for want of the day's exchange rate (reason rate_unavailable), with the latest saved rate. */
export interface RateOffer {
  source: string;
  currency: string;
  date: string;
  /** HUF for one unit, as stored; null when no earlier rate is saved either */
  latestRate: string | null;
  latestDate: string | null;
}
/** The create body without its type; client_uid stays out when none is chosen, so the core names the field. */
export type DraftBody = Omit<InputOf<'invoices.create'>, 'type' | 'client_uid'> & { client_uid?: number };

let nextKey = 1;

/** An advance invoice a final invoice deducts: the core adds one line per VAT code of it, its amounts negated. */
export interface Deduction {
  uid: number;
  no: string;
  /** issue 36: what is still owed on the advance ("0.000" when received in full; unknown until the list is read) */
  owed?: string;
  vatSummary: Array<Pick<VatSummaryLine, 'vat_id' | 'vat_rate' | 'net' | 'vat' | 'gross'>>;
}

/** The deduction lines as electron/core/invoices/advances.ts makes them (−1 × the advance's net per VAT code). */
export function deductionLines(deductions: Deduction[]): Array<{ uid: number; no: string; vatId: string; vatRate: string; amounts: ExactLineAmounts }> {
  return deductions.flatMap((d) =>
    d.vatSummary.map((row) => {
      const net = new Big(row.net).times(-1);
      return { uid: d.uid, no: d.no, vatId: row.vat_id, vatRate: row.vat_rate, amounts: { netUnitPrice: new Big(row.net).toFixed(3), net, vat: new Big(row.vat).times(-1), gross: new Big(row.gross).times(-1) } };
    }),
  );
}

const negated = (amount: string) => new Big(amount).times(-1).toFixed(3);

/** A line typed as a product's name, then picked from the suggestions: it takes the product's data (issue 36). */
export function fillLineFromProduct(line: DraftLine, p: Resource<ProductAttributes>): void {
  const a = p.attributes;
  line.product_uid = p.id;
  line.product_name = a.name;
  line.description = a.name;
  line.unit = a.unit;
  line.price = unitPriceInput(a.price, a.currency_code);
  line.vat_id = String(a.vat_id);
  line.entitlement = a.entitlement ?? '';
}

export function emptyLine(vatId = '1'): DraftLine {
  return {
    key: nextKey++,
    product_uid: null,
    product_name: '',
    description: '',
    qty: '1',
    unit: '',
    priceMode: 'net',
    price: '',
    vat_id: vatId,
    entitlement: '',
    item_comment: '',
  };
}

/** A line's amounts for the editor, as exact decimal strings; `beyondRange` when the core would refuse them. */
export interface LinePreview {
  net: string;
  vat: string;
  gross: string;
  beyondRange: boolean;
}

/** The line priced exactly at any size, or null while its quantity, price or VAT code is missing or malformed. */
function exactLine(line: DraftLine, currency: string) {
  const rate = vatRate(line.vat_id);
  if (!rate) return null;
  const price = normalizeDecimal(line.price);
  try {
    return priceLine(
      {
        qty: normalizeDecimal(line.qty),
        vatRate: rate,
        vatId: line.vat_id,
        ...(line.priceMode === 'gross' ? { grossUnitPrice: price } : { netUnitPrice: price }),
      },
      currency,
    );
  } catch {
    return null;
  }
}


/** Stored lines (an invoice's or a quote's) as the editor's lines; at least one. */
export function draftLines(items: InvoiceItem[], currency: string): DraftLine[] {
  const lines = items.map(
    (it): DraftLine => ({
      key: nextKey++,
      product_uid: it.product_uid,
      product_name: it.product_uid ? it.description : '',
      description: it.description,
      qty: editableDecimal(decimalToString(it.qty.replace(/^-/, ''))),
      unit: it.unit,
      priceMode: it.gross_unit_price !== null && !it.product_uid ? 'gross' : 'net',
      price: unitPriceInput(it.gross_unit_price !== null && !it.product_uid ? it.gross_unit_price : it.net_unit_price, currency),
      vat_id: it.vat_id,
      entitlement: it.entitlement ?? '',
      item_comment: it.item_comment,
    }),
  );
  return lines.length ? lines : [emptyLine()];
}

export class InvoiceDraft {
  id = $state<number | null>(null);
  client = $state<Resource<ClientAttributes> | null>(null);
  /** the client's name from a copied invoice when the client itself could not be loaded */
  clientFallback = $state<{ uid: number; name: string } | null>(null);
  payment_method = $state('2');
  currency = $state('HUF');
  exchange_rate = $state('');
  fulfillment_date = $state('');
  due_date = $state('');
  round_to = $state('0');
  block_uid = $state('0');
  bank_account_uid = $state('');
  template_lang_code = $state('hu');
  comment = $state('');
  electronic = $state(false);
  /** issue 40: print the payment QR code (from the company's setting for a new invoice) */
  payment_qr = $state(false);
  /** an advance invoice (előlegszámla) */
  advance = $state(false);
  /** a final invoice (végszámla): the advance invoices it deducts */
  deductions = $state<Deduction[]>([]);
  /** issue 36: the user read that an advance not received stays owed on it, and deducts it anyway */
  deductUnpaid = $state(false);
  lines = $state<DraftLine[]>([emptyLine()]);
  readonly errors = new FieldErrors();
  /** set once the user picks a due date, so a client's payment term no longer moves it */
  dueTouched = false;
  /** the request body as opened or last saved: leaving asks only when the body differs from it */
  private pristine = '';

  private exact = $derived(this.lines.map((l) => exactLine(l, this.currency)));
  /** Each line's amounts as shared/totals.ts computes them, shown even when too large to issue (with a message). */
  amounts: Array<LinePreview | null> = $derived(
    this.exact.map((x) => (x ? { net: x.net.toFixed(3), vat: x.vat.toFixed(3), gross: x.gross.toFixed(3), beyondRange: isBeyondRange(x.net) || isBeyondRange(x.gross) } : null)),
  );
  /** Shown at the rate while it still fits the form: same currency and day, and no rate typed since. */
  rateOffer: RateOffer | null = $derived.by(() => {
    const f = this.errors.error?.errors.find((e) => e.field === 'exchange_rate' && e.reason === 'rate_unavailable');
    const m = f?.meta;
    if (!m || this.exchange_rate.trim() || m.currency !== this.currency || m.date !== normalizeDate(this.fulfillment_date)) return null;
    return { source: m.source ?? '', currency: m.currency, date: m.date, latestRate: m.latest_rate ?? null, latestDate: m.latest_date ?? null };
  });
  totals: ExactTotals = $derived.by(() => {
    const priced = this.lines.flatMap((l, i) => {
      const amounts = this.exact[i];
      const rate = vatRate(l.vat_id);
      return amounts && rate ? [{ vatId: l.vat_id, vatRate: rate, amounts }] : [];
    });
    // a final invoice's total is what is left to pay: its deduction lines count as the core counts them
    const deducted = this.advance ? [] : deductionLines(this.deductions);
    return sumExact([...priced, ...deducted], Number(this.round_to) || 0);
  });

  constructor(
    private readonly settings: SettingsData,
    private readonly today: string,
  ) {
    this.payment_method = String(settings.default_payment_method);
    this.currency = settings.home_currency || 'HUF';
    this.template_lang_code = settings.default_lang;
    this.fulfillment_date = today;
    this.due_date = addDays(today, settings.default_due_days);
    if (settings.default_bank_account_uid) this.bank_account_uid = String(settings.default_bank_account_uid);
    this.payment_qr = settings.payment_qr ?? false;
    // a subjectively exempt seller's lines start with the exemption code (AAM), everyone else's with 27 %
    this.lines = [emptyLine(defaultVatIdFor(settings.seller.vat_status))];
    this.markSaved();
  }

  /** The core's "the invoice total is too large" goes as soon as the total is within range again (the editor runs
   * this in an effect, so a draft made outside a component — a unit test — needs none). */
  clearTotalErrorWhenInRange(): void {
    if (!this.totals.beyondRange && this.errors.raw('items')?.startsWith('the invoice total')) this.errors.clearField('items');
  }

  /** Takes what the form holds now as stored (after loading, after a save). */
  markSaved(): void {
    this.pristine = this.snapshot();
  }

  /** Something typed or chosen differs from what was opened or last saved. */
  get dirty(): boolean {
    return this.snapshot() !== this.pristine;
  }

  private snapshot(): string {
    return JSON.stringify(this.body());
  }

  /** Takes the client's defaults: payment method, payment term, currency, invoice language. */
  setClient(client: Resource<ClientAttributes> | null): void {
    // another client's advances are not this one's to deduct
    if (client?.id !== this.client?.id) this.deductions = [];
    this.client = client;
    this.clientFallback = null;
    this.errors.clearField('client_uid');
    if (!client) return;
    const d = client.attributes.defaults;
    if (d.payment_method) this.payment_method = d.payment_method;
    if (d.invoice_currency && /^[A-Z]{3}$/.test(d.invoice_currency)) this.currency = d.invoice_currency;
    if (d.invoice_template_lang_code) this.template_lang_code = d.invoice_template_lang_code;
    if (!this.dueTouched) {
      const days = /^\d{1,3}$/.test(d.invoice_due_days) ? Number(d.invoice_due_days) : this.settings.default_due_days;
      this.due_date = addDays(this.today, days);
    }
  }

  /** A new invoice still on block 0 moves to this computer's own block (after joining a remote, block 0 is the
   * remote's). A draft being edited keeps the block it was saved with; a copy keeps any other block it came from. */
  useOwnBlock(blockUid: number): void {
    if (this.id !== null || this.block_uid !== '0') return;
    // A default chosen for the user is not a change of theirs.
    const untouched = !this.dirty;
    this.block_uid = String(blockUid);
    if (untouched) this.markSaved();
  }

  /** Takes a rate the user accepted (the latest saved one): the invoice carries it as a given rate. */
  useRate(rate: string): void {
    this.exchange_rate = editableDecimal(rate);
    // The refusal was about the rate alone: it is answered, so its notice goes too.
    if (this.errors.error?.errors.every((f) => f.field === 'exchange_rate')) this.errors.clear();
    else this.errors.clearField('exchange_rate');
  }

  addLine(line: DraftLine = emptyLine()): void {
    this.lines.push(line);
  }

  /** A product as a new line (its name, unit, price and VAT); an empty first line is replaced rather than left
   * dangling above it. */
  addProduct(p: Resource<ProductAttributes>): void {
    const a = p.attributes;
    const line = {
      ...emptyLine(String(a.vat_id)),
      product_uid: p.id,
      product_name: a.name,
      description: a.name,
      unit: a.unit,
      price: unitPriceInput(a.price, a.currency_code),
      entitlement: a.entitlement ?? '',
    };
    const only = this.lines.length === 1 ? this.lines[0] : undefined;
    if (only && !only.description.trim() && !only.price.trim()) this.lines = [line];
    else this.addLine(line);
  }

  removeLine(index: number): void {
    this.lines.splice(index, 1);
    // Field errors are keyed by position: after a removal they would point at the wrong lines.
    this.errors.clear();
  }

  /** Fills the editor from a stored invoice (a draft to edit, or any invoice to copy). */
  load(invoice: Resource<InvoiceAttributes>, client: Resource<ClientAttributes> | null, asCopy: boolean): void {
    const a = invoice.attributes;
    this.id = asCopy ? null : invoice.id;
    this.client = client;
    this.clientFallback = client ? null : { uid: a.client_uid, name: a.client.name };
    this.payment_method = String(a.payment_method.id);
    this.currency = a.currency;
    this.exchange_rate = a.exchange_rate_source === 'given' ? editableDecimal(a.exchange_rate) : '';
    this.round_to = String(a.round_to);
    this.block_uid = String(a.block_uid);
    this.bank_account_uid = a.bank_account_uid ? String(a.bank_account_uid) : '';
    this.template_lang_code = a.template_lang_code;
    this.comment = a.comment;
    this.electronic = a.electronic_invoice === 1;
    this.payment_qr = a.payment_qr === 1;
    this.advance = a.is_advance === 1;
    if (!asCopy) {
      this.fulfillment_date = a.fulfillment_date;
      this.due_date = a.due_date;
      this.dueTouched = true;
    }
    // a saved draft final invoice keeps the advances it names; a copy chooses its own
    this.deductions = asCopy
      ? []
      : a.advance_deductions.map((d) => ({
          uid: d.advance_uid,
          no: d.prefixed_invoice_no,
          vatSummary: a.items
            .filter((it) => it.advance_invoice_uid === d.advance_uid)
            .map((it) => ({ vat_id: it.vat_id, vat_rate: it.vat_rate, net: negated(it.net_amount), vat: negated(it.vat_amount), gross: negated(it.gross_amount) })),
        }));
    // a final invoice's deduction lines are the core's to make, from the advances chosen again
    this.lines = draftLines(a.items.filter((it) => it.advance_invoice_uid == null), a.currency);
    this.markSaved();
  }

  /** The request body the core takes; every value as typed (normalised), so the core names what is wrong. */
  body(): DraftBody {
    const clientUid = this.client?.id ?? this.clientFallback?.uid;
    return {
      ...(clientUid ? { client_uid: clientUid } : {}),
      payment_method: this.payment_method,
      currency: this.currency,
      fulfillment_date: normalizeDate(this.fulfillment_date),
      due_date: normalizeDate(this.due_date),
      ...(this.exchange_rate.trim() && this.currency !== 'HUF' ? { exchange_rate: normalizeDecimal(this.exchange_rate) } : {}),
      round_to: Number(this.round_to) || 0,
      block_uid: Number(this.block_uid) || 0,
      ...(this.bank_account_uid ? { bank_account_uid: this.bank_account_uid } : {}),
      template_lang_code: this.template_lang_code as 'hu',
      comment: this.comment,
      electronic_invoice: this.electronic ? 1 : 0,
      payment_qr: this.payment_qr,
      // both always said, so a saved draft's edit can also take them away
      advance: this.advance ? 1 : 0,
      advance_invoice_uids: this.advance ? [] : this.deductions.map((d) => d.uid),
      ...(this.deductUnpaid && !this.advance && this.deductions.length ? { deduct_unpaid_advances: true } : {}),
      items: this.lines.map((l) => {
        const common = {
          description: l.description,
          qty: normalizeDecimal(l.qty),
          unit: l.unit,
          vat_id: l.vat_id,
          item_comment: l.item_comment,
          ...(l.entitlement ? { entitlement: l.entitlement } : {}),
        };
        if (l.product_uid) return { ...common, product_uid: l.product_uid, net_unit_price: normalizeDecimal(l.price) };
        return l.priceMode === 'gross'
          ? { ...common, gross_unit_price: normalizeDecimal(l.price) }
          : { ...common, net_unit_price: normalizeDecimal(l.price) };
      }),
    };
  }

  typeOf(kind: SaveKind): InvoiceType {
    return INVOICE_TYPE[kind];
  }
}
