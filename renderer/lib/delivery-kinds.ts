// The delivery documents' kinds (issue 40) and the URL path of each: one list, editor and detail serve all three,
// each kind under its own path so the sidebar marks the one in view. Plain data: routes.ts reads it before Svelte.
import type { DeliveryDocumentKind } from '../../shared/delivery-notes';

export type { DeliveryDocumentKind };

export const DELIVERY_PATHS: Record<DeliveryDocumentKind, string> = {
  waybill: '/delivery-notes',
  order_form: '/order-confirmations',
  cert_of_completion: '/completion-certificates',
};

export const DELIVERY_KIND_LIST: DeliveryDocumentKind[] = ['waybill', 'order_form', 'cert_of_completion'];

/** The kind whose path a URL path starts with ('/delivery-notes/12' → waybill), or null. */
export function deliveryKindOfPath(segment: string): DeliveryDocumentKind | null {
  return DELIVERY_KIND_LIST.find((k) => DELIVERY_PATHS[k] === segment) ?? null;
}

/** Which kinds several documents are invoiced together from (an order confirmation never is). */
export const invoiceable = (kind: DeliveryDocumentKind) => kind !== 'order_form';
