// The buyer's side of NAV's API: the three queries that fetch the invoices suppliers reported with this business
// as their buyer (invoiceDirection INBOUND). Requests follow invoiceApi.xsd's sequences; they are signed like every
// request without invoice data (requestId + timestamp + signature key). Answers are read with the same lenient
// parser as the others (api.ts: prefixes dropped, values kept as text).
import { gunzipSync } from 'node:zlib';
import { basicRequest, NavResponseError, type NavSoftware, type NavUser, type ParsedResponse, type RequestMeta } from './api';
import { requestSignature } from './crypto';
import { list, node, str, type Node } from './answer-nodes';

export type NavDirection = 'INBOUND' | 'OUTBOUND';

/** One page of the invoices NAV took in (processed) between two instants, UTC, both ends included. */
export function buildQueryInvoiceDigestRequest(
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  query: { page: number; direction: NavDirection; insFrom: Date; insTo: Date },
): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('QueryInvoiceDigestRequest', user, software, meta, signature, {
    page: String(query.page),
    invoiceDirection: query.direction,
    invoiceQueryParams: {
      mandatoryQueryParams: { insDate: { dateTimeFrom: query.insFrom.toISOString(), dateTimeTo: query.insTo.toISOString() } },
    },
  });
}

/** One invoice's full data; for an inbound invoice the supplier's taxpayer id tells two suppliers' equal numbers apart. */
export function buildQueryInvoiceDataRequest(
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  query: { invoiceNumber: string; direction: NavDirection; supplierTaxNumber?: string; batchIndex?: number },
): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('QueryInvoiceDataRequest', user, software, meta, signature, {
    invoiceNumberQuery: {
      invoiceNumber: query.invoiceNumber,
      invoiceDirection: query.direction,
      batchIndex: query.batchIndex === undefined ? undefined : String(query.batchIndex),
      supplierTaxNumber: query.supplierTaxNumber,
    },
  });
}

/** The chain of an original invoice: itself, its modifications and stornos, one page at a time. */
export function buildQueryInvoiceChainDigestRequest(
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  query: { page: number; invoiceNumber: string; direction: NavDirection; taxNumber?: string },
): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('QueryInvoiceChainDigestRequest', user, software, meta, signature, {
    page: String(query.page),
    invoiceChainQuery: { invoiceNumber: query.invoiceNumber, invoiceDirection: query.direction, taxNumber: query.taxNumber },
  });
}

// ——— Answers ———


export type NavOperation = 'CREATE' | 'MODIFY' | 'STORNO';

export interface InvoiceDigest {
  invoiceNumber: string;
  batchIndex?: number;
  operation: NavOperation;
  supplierTaxNumber: string;
  supplierName: string;
  issueDate: string;
  insDate: string;
  originalInvoiceNumber?: string;
  modificationIndex?: number;
  currency?: string;
  netAmount?: string;
  vatAmount?: string;
}

export interface DigestPage {
  currentPage: number;
  availablePage: number;
  digests: InvoiceDigest[];
}

function operationOf(v: string | undefined): NavOperation {
  if (v === 'CREATE' || v === 'MODIFY' || v === 'STORNO') return v;
  throw new NavResponseError(`NAV named an unknown invoice operation: ${v ?? '(none)'}`);
}

function optionalInt(v: string | undefined): number | undefined {
  return v === undefined ? undefined : Number(v);
}

export function readInvoiceDigestPage(response: ParsedResponse): DigestPage {
  const result = node(response.body.invoiceDigestResult);
  return {
    currentPage: Number(str(result.currentPage) ?? '0'),
    availablePage: Number(str(result.availablePage) ?? '0'),
    digests: list(result.invoiceDigest).map((d) => {
      const digest: InvoiceDigest = {
        invoiceNumber: str(d.invoiceNumber) ?? '',
        operation: operationOf(str(d.invoiceOperation)),
        supplierTaxNumber: str(d.supplierTaxNumber) ?? '',
        supplierName: str(d.supplierName) ?? '',
        issueDate: str(d.invoiceIssueDate) ?? '',
        insDate: str(d.insDate) ?? '',
      };
      const extra: Partial<InvoiceDigest> = {
        batchIndex: optionalInt(str(d.batchIndex)),
        originalInvoiceNumber: str(d.originalInvoiceNumber),
        modificationIndex: optionalInt(str(d.modificationIndex)),
        currency: str(d.currency),
        netAmount: str(d.invoiceNetAmount),
        vatAmount: str(d.invoiceVatAmount),
      };
      for (const [k, v] of Object.entries(extra)) if (v !== undefined) (digest as unknown as Node)[k] = v;
      return digest;
    }),
  };
}

export interface InvoiceDataAnswer {
  /** the InvoiceData document as NAV holds it (ungzipped when NAV sent it compressed) */
  xml: string;
  /** the bytes as NAV sent them, base64 decoded (gzip when compressed) */
  compressed: boolean;
  insDate: string | undefined;
}

/** null when NAV holds no such invoice (the answer carries no invoiceDataResult). */
export function readInvoiceData(response: ParsedResponse): InvoiceDataAnswer | null {
  if (!response.body.invoiceDataResult) return null;
  const result = node(response.body.invoiceDataResult);
  const base64 = str(result.invoiceData);
  if (!base64) throw new NavResponseError('queryInvoiceData answered without invoice data');
  const compressed = str(result.compressedContentIndicator) === 'true';
  const bytes = Buffer.from(base64, 'base64');
  let xml: string;
  try {
    xml = (compressed ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    throw new NavResponseError(`NAV's compressed invoice data does not unpack: ${(error as Error).message}`);
  }
  return { xml, compressed, insDate: str(node(result.auditData).insdate) };
}

export interface ChainElement {
  invoiceNumber: string;
  operation: NavOperation;
  supplierTaxNumber: string;
  insDate: string;
  originalInvoiceNumber?: string;
  modifyWithoutMaster?: boolean;
  modificationIndex?: number;
}

export function readInvoiceChainPage(response: ParsedResponse): { currentPage: number; availablePage: number; elements: ChainElement[] } {
  const result = node(response.body.invoiceChainDigestResult);
  return {
    currentPage: Number(str(result.currentPage) ?? '0'),
    availablePage: Number(str(result.availablePage) ?? '0'),
    elements: list(result.invoiceChainElement).map((e) => {
      const d = node(e.invoiceChainDigest);
      const ref = e.invoiceReferenceData ? node(e.invoiceReferenceData) : undefined;
      const element: ChainElement = {
        invoiceNumber: str(d.invoiceNumber) ?? '',
        operation: operationOf(str(d.invoiceOperation)),
        supplierTaxNumber: str(d.supplierTaxNumber) ?? '',
        insDate: str(d.insDate) ?? '',
      };
      if (ref) {
        element.originalInvoiceNumber = str(ref.originalInvoiceNumber);
        element.modifyWithoutMaster = str(ref.modifyWithoutMaster) === 'true';
        const index = optionalInt(str(ref.modificationIndex));
        if (index !== undefined) element.modificationIndex = index;
      }
      return element;
    }),
  };
}
