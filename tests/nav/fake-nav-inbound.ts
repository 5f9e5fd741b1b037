// The buyer's side of the fake NAV (fake-nav-server.ts): the invoices suppliers reported with the technical user's
// taxpayer as buyer, answered as NAV 3.0 answers queryInvoiceDigest (INBOUND, by insertion date, paged),
// queryInvoiceData (base64 invoice data, gzip-compressed for an invoice submitted compressed, with its audit data)
// and queryInvoiceChainDigest (the original, its modifications and stornos, each with its line data and reference).
// The answers are built from invoiceApi.xsd's sequences (element order matters: the server's own answers validate
// against the schema when `validateResponses` is on). Each invoice is held as the supplier reported it: its
// <InvoiceData> document, which the tests build from NAV's published layout (inbound-fixtures.ts).
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { parseInvoiceData } from './nav-checks';

type Node = Record<string, any>;

export interface HeldInvoice {
  invoiceNumber: string;
  supplierTaxpayerId: string;
  supplierName: string;
  customerTaxpayerId: string | null;
  customerName: string | null;
  operation: 'CREATE' | 'MODIFY' | 'STORNO';
  originalInvoiceNumber?: string;
  modifyWithoutMaster?: boolean;
  modificationIndex?: number;
  issueDate: string;
  deliveryDate?: string;
  paymentMethod?: string;
  paymentDate?: string;
  appearance?: string;
  category: string;
  currency: string;
  net?: string;
  netHuf?: string;
  vat?: string;
  vatHuf?: string;
  lineCount: number;
  insDate: Date;
  transactionId: string;
  /** the invoice data as NAV stores it: gzip when the supplier submitted it compressed */
  base64: string;
  compressed: boolean;
}

/** Reads a supplier's <InvoiceData> into what NAV keeps beside it for the queries. */
export function holdInvoice(xml: string, insDate: Date, compress: boolean, operation?: 'CREATE' | 'MODIFY' | 'STORNO'): HeldInvoice {
  const data = parseInvoiceData(xml);
  const invoice = data.invoiceMain.invoice as Node;
  const head = invoice.invoiceHead as Node;
  const supplier = head.supplierInfo as Node;
  const customer = (head.customerInfo ?? {}) as Node;
  const detail = head.invoiceDetail as Node;
  const summary = (invoice.invoiceSummary?.summaryNormal ?? {}) as Node;
  const reference = invoice.invoiceReference as Node | undefined;
  const bytes = Buffer.from(xml, 'utf8');
  const held: HeldInvoice = {
    invoiceNumber: String(data.invoiceNumber),
    supplierTaxpayerId: String(supplier.supplierTaxNumber.taxpayerId),
    supplierName: String(supplier.supplierName),
    customerTaxpayerId: customer.customerVatData?.customerTaxNumber?.taxpayerId ?? null,
    customerName: customer.customerName ?? null,
    operation: operation ?? (reference ? 'MODIFY' : 'CREATE'),
    issueDate: String(data.invoiceIssueDate),
    category: String(detail.invoiceCategory ?? 'NORMAL'),
    currency: String(detail.currencyCode ?? 'HUF'),
    lineCount: ([] as Node[]).concat(invoice.invoiceLines?.line ?? []).length,
    insDate,
    transactionId: randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(),
    base64: (compress ? gzipSync(bytes) : bytes).toString('base64'),
    compressed: compress,
  };
  const optional: Partial<HeldInvoice> = {
    originalInvoiceNumber: reference?.originalInvoiceNumber,
    modifyWithoutMaster: reference ? String(reference.modifyWithoutMaster) === 'true' : undefined,
    modificationIndex: reference?.modificationIndex !== undefined ? Number(reference.modificationIndex) : undefined,
    deliveryDate: detail.invoiceDeliveryDate,
    paymentMethod: detail.paymentMethod,
    paymentDate: detail.paymentDate,
    appearance: detail.invoiceAppearance,
    net: summary.invoiceNetAmount,
    netHuf: summary.invoiceNetAmountHUF,
    vat: summary.invoiceVatAmount,
    vatHuf: summary.invoiceVatAmountHUF,
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (held as unknown as Node)[k] = v;
  return held;
}

export interface InboundOptions {
  /** NAV's page size for digests (100) */
  pageSize?: number;
  /** the technical user's login: NAV names the user who took a data exchange in (insCusUser) */
  supplierLogin?: string;
}

export function createInboundStore(options: InboundOptions = {}) {
  const pageSize = options.pageSize ?? 100;
  const held: HeldInvoice[] = [];
  const iso = (d: Date) => d.toISOString();

  function inbound(buyer: string) {
    return held.filter((h) => h.customerTaxpayerId === buyer);
  }

  /** queryInvoiceDigest, INBOUND by insertion date: NAV's order (insertion time), `pageSize` to a page. */
  function digest(request: Node, buyer: string): Record<string, unknown> {
    const page = Number(request.page);
    const params = request.invoiceQueryParams.mandatoryQueryParams as Node;
    let found: HeldInvoice[] = [];
    if (request.invoiceDirection === 'INBOUND' && params.insDate) {
      const from = new Date(params.insDate.dateTimeFrom).getTime();
      const to = new Date(params.insDate.dateTimeTo).getTime();
      found = inbound(buyer)
        .filter((h) => h.insDate.getTime() >= from && h.insDate.getTime() <= to)
        .sort((a, b) => a.insDate.getTime() - b.insDate.getTime() || a.invoiceNumber.localeCompare(b.invoiceNumber));
    } else if (request.invoiceDirection === 'INBOUND' && params.invoiceIssueDate) {
      const { dateFrom, dateTo } = params.invoiceIssueDate as Node;
      found = inbound(buyer).filter((h) => h.issueDate >= dateFrom && h.issueDate <= dateTo);
    }
    const available = Math.ceil(found.length / pageSize);
    const slice = found.slice((page - 1) * pageSize, page * pageSize);
    return {
      invoiceDigestResult: {
        currentPage: String(page),
        availablePage: String(available),
        invoiceDigest: slice.map((h) => ({
          invoiceNumber: h.invoiceNumber,
          invoiceOperation: h.operation,
          invoiceCategory: h.category,
          invoiceIssueDate: h.issueDate,
          supplierTaxNumber: h.supplierTaxpayerId,
          supplierName: h.supplierName,
          customerTaxNumber: h.customerTaxpayerId ?? undefined,
          customerName: h.customerName ?? undefined,
          paymentMethod: h.paymentMethod,
          paymentDate: h.paymentDate,
          invoiceAppearance: h.appearance,
          source: 'XML',
          invoiceDeliveryDate: h.deliveryDate,
          currency: h.currency,
          invoiceNetAmount: h.net,
          invoiceNetAmountHUF: h.netHuf,
          invoiceVatAmount: h.vat,
          invoiceVatAmountHUF: h.vatHuf,
          transactionId: h.transactionId,
          index: '1',
          originalInvoiceNumber: h.originalInvoiceNumber,
          modificationIndex: h.modificationIndex === undefined ? undefined : String(h.modificationIndex),
          insDate: iso(h.insDate),
          completenessIndicator: 'false',
        })),
      },
    };
  }

  function find(buyer: string, number: string, supplier: string | undefined): HeldInvoice | undefined {
    return inbound(buyer).find((h) => h.invoiceNumber === number && (supplier === undefined || h.supplierTaxpayerId === supplier));
  }

  /** queryInvoiceData: one invoice's data; NAV answers without a result when it holds no such invoice. */
  function data(request: Node, buyer: string, login: string): Record<string, unknown> {
    const q = request.invoiceNumberQuery as Node;
    const h = q.invoiceDirection === 'INBOUND' ? find(buyer, String(q.invoiceNumber), q.supplierTaxNumber === undefined ? undefined : String(q.supplierTaxNumber)) : undefined;
    if (!h) return {};
    return {
      invoiceDataResult: {
        invoiceData: h.base64,
        auditData: {
          insdate: iso(h.insDate),
          insCusUser: options.supplierLogin ?? login,
          source: 'XML',
          transactionId: h.transactionId,
          index: '1',
          originalRequestVersion: '3.0',
        },
        compressedContentIndicator: h.compressed ? 'true' : 'false',
      },
    };
  }

  /** queryInvoiceChainDigest: the original named and every member referring to it, in NAV's order. */
  function chain(request: Node, buyer: string): Record<string, unknown> {
    const page = Number(request.page);
    const q = request.invoiceChainQuery as Node;
    const number = String(q.invoiceNumber);
    const supplier = q.taxNumber === undefined ? undefined : String(q.taxNumber);
    const members = q.invoiceDirection === 'INBOUND'
      ? inbound(buyer)
          .filter((h) => (supplier === undefined || h.supplierTaxpayerId === supplier) && (h.invoiceNumber === number || h.originalInvoiceNumber === number))
          .sort((a, b) => (a.modificationIndex ?? 0) - (b.modificationIndex ?? 0))
      : [];
    const available = Math.ceil(members.length / pageSize);
    let lines = 0;
    const elements = members.map((h) => {
      const start = lines + 1;
      lines += h.lineCount;
      return {
        invoiceChainDigest: {
          invoiceNumber: h.invoiceNumber,
          invoiceOperation: h.operation,
          supplierTaxNumber: h.supplierTaxpayerId,
          customerTaxNumber: h.customerTaxpayerId ?? undefined,
          insDate: iso(h.insDate),
          originalRequestVersion: '3.0',
        },
        invoiceLines: {
          maxLineNumber: String(Math.max(lines, 1)),
          newCreatedLines: h.lineCount ? { lineNumberIntervalStart: String(start), lineNumberIntervalEnd: String(lines) } : undefined,
        },
        invoiceReferenceData:
          h.originalInvoiceNumber !== undefined
            ? { originalInvoiceNumber: h.originalInvoiceNumber, modifyWithoutMaster: h.modifyWithoutMaster ? 'true' : 'false', modificationIndex: String(h.modificationIndex ?? 1) }
            : undefined,
      };
    });
    return {
      invoiceChainDigestResult: {
        currentPage: String(page),
        availablePage: String(available),
        invoiceChainElement: elements.slice((page - 1) * pageSize, page * pageSize),
      },
    };
  }

  return {
    held,
    /** an invoice a supplier reported, taken in by NAV at `insDate`; `compress`: submitted gzip-compressed */
    add(xml: string, insDate: Date, opts: { compress?: boolean; operation?: 'CREATE' | 'MODIFY' | 'STORNO' } = {}): HeldInvoice {
      const h = holdInvoice(xml, insDate, opts.compress ?? false, opts.operation);
      held.push(h);
      return h;
    },
    digest,
    data,
    chain,
  };
}
