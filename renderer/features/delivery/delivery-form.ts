// The delivery document editor's request body (issue 40). The lines are the invoice editor's (InvoiceDraft: client,
// product lines, units); what a delivery document does differently is here: a price is optional (a line without one
// is sent without it), a price typed as gross is sent as the net the core stores, and the delivery address is sent
// only when it differs from the client's billing address.
import Big from 'big.js';
import type { InputOf } from '../../../shared/contract/operations';
import type { AddressForm } from '../../lib/address';
import { normalizeDate, normalizeDecimal } from '../../lib/format';
import { vatRate } from '../../lib/reference';
import type { DraftLine, InvoiceDraft } from '../../lib/state/invoice-draft.svelte';
import type { DeliveryDocumentKind } from '../../lib/delivery-kinds';

export type DeliveryBody = InputOf<'deliveryNotes.create'>;

export interface DeliveryForm {
  kind: DeliveryDocumentKind;
  quoteUid: number | null;
  date: string;
  /** true: the client's billing address (nothing sent) */
  sameAddress: boolean;
  address: AddressForm;
  hidePrices: boolean;
}

/** The net unit price the core stores: as typed, or a gross price divided by 1 + the rate (3 decimals); '' for none. */
export function netPrice(line: DraftLine): string {
  const price = normalizeDecimal(line.price);
  if (!price.trim() || line.priceMode !== 'gross') return price.trim();
  const rate = vatRate(line.vat_id);
  try {
    return rate ? new Big(price).div(new Big(1).plus(rate)).round(3, Big.roundHalfUp).toFixed(3) : price;
  } catch {
    return price; // not a number: the core names the field
  }
}

export function deliveryBody(draft: InvoiceDraft, form: DeliveryForm): DeliveryBody {
  const clientUid = draft.client?.id ?? draft.clientFallback?.uid;
  return {
    kind: form.kind,
    ...(form.quoteUid ? { quote_uid: form.quoteUid } : {}),
    ...(clientUid ? { client_uid: clientUid } : {}),
    date: normalizeDate(form.date),
    currency: draft.currency,
    template_lang_code: draft.template_lang_code as 'hu',
    comment: draft.comment,
    ...(form.kind === 'waybill' ? { show_prices: !form.hidePrices } : {}),
    ...(form.kind === 'waybill' && !form.sameAddress ? { delivery_address: { ...form.address } } : {}),
    items: draft.lines.map((l) => {
      const price = netPrice(l);
      return {
        ...(l.product_uid ? { product_uid: l.product_uid } : {}),
        description: l.description,
        qty: normalizeDecimal(l.qty),
        ...(l.unit.trim() ? { unit: l.unit } : {}),
        ...(price ? { net_unit_price: price } : {}),
        vat_id: l.vat_id,
      };
    }) as DeliveryBody['items'],
  } as DeliveryBody;
}
