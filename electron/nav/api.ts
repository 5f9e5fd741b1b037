// NAV Online Számla 3.0 API messages: building the requests Folio sends and reading the answers it gets.
// Requests follow invoiceApi.xsd exactly (element order is the schema's sequence); answers are read leniently
// with fast-xml-parser, namespace prefixes dropped, since NAV's servers choose their own prefixes.
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { requestSignature, sha512Hex } from './crypto';
import type { NavInvoiceOperation } from './invoice-data';
import { list, node, str, type Node } from './answer-nodes';

export const NS_API = 'http://schemas.nav.gov.hu/OSA/3.0/api';
export const NS_COMMON = 'http://schemas.nav.gov.hu/NTCA/1.0/common';
const REQUEST_VERSION = '3.0';
const HEADER_VERSION = '1.0';

export interface NavUser {
  /** Technical user's login (6–15 letters and digits). */
  login: string;
  password: string;
  /** The seller's taxpayer id (first 8 digits of the tax number); a full "12345678-2-41" is cut to it. */
  taxNumber: string;
  signatureKey: string;
  exchangeKey: string;
}

export interface NavSoftware {
  /** 18 characters, [0-9A-Z-]: e.g. the developer's tax number followed by a product code. */
  softwareId: string;
  softwareName: string;
  softwareOperation: 'LOCAL_SOFTWARE' | 'ONLINE_SERVICE';
  softwareMainVersion: string;
  softwareDevName: string;
  softwareDevContact: string;
  softwareDevCountryCode?: string;
  softwareDevTaxNumber?: string;
}

export interface RequestMeta {
  requestId: string;
  timestamp: Date;
}

/** EntityIdType: [+a-zA-Z0-9_]{1,30}, unique per request (NAV refuses a reused id). */
export function newRequestId(now: Date = new Date(), random: () => number = Math.random): string {
  const time = now.getTime().toString(36).toUpperCase();
  let tail = '';
  while (tail.length < 12) tail += Math.floor(random() * 36).toString(36).toUpperCase();
  return `FOLIO${time}${tail}`.slice(0, 30);
}

export function passwordHash(password: string): string {
  return sha512Hex(password);
}

function taxpayerId(taxNumber: string): string {
  return taxNumber.replace(/\D/g, '').slice(0, 8);
}

/** A request of the API with its header, user and software blocks: every operation's common frame. */
export function basicRequest(
  root: string,
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  signature: string,
  body: Record<string, unknown>,
): string {
  const doc = {
    [root]: {
      '@xmlns': NS_API,
      '@xmlns:common': NS_COMMON,
      'common:header': {
        'common:requestId': meta.requestId,
        'common:timestamp': meta.timestamp.toISOString(),
        'common:requestVersion': REQUEST_VERSION,
        'common:headerVersion': HEADER_VERSION,
      },
      'common:user': {
        'common:login': user.login,
        'common:passwordHash': { '@cryptoType': 'SHA-512', '#': passwordHash(user.password) },
        'common:taxNumber': taxpayerId(user.taxNumber),
        'common:requestSignature': { '@cryptoType': 'SHA3-512', '#': signature },
      },
      software: softwareXml(software),
      ...body,
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
}

function softwareXml(software: NavSoftware): Record<string, string | undefined> {
  return {
    softwareId: software.softwareId,
    softwareName: software.softwareName,
    softwareOperation: software.softwareOperation,
    softwareMainVersion: software.softwareMainVersion,
    softwareDevName: software.softwareDevName,
    softwareDevContact: software.softwareDevContact,
    softwareDevCountryCode: software.softwareDevCountryCode,
    softwareDevTaxNumber: software.softwareDevTaxNumber,
  };
}

export function buildTokenExchangeRequest(user: NavUser, software: NavSoftware, meta: RequestMeta): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('TokenExchangeRequest', user, software, meta, signature, {});
}

export interface InvoiceOperationInput {
  operation: NavInvoiceOperation;
  invoiceDataBase64: string;
  /** Only for a report that is itself the electronic invoice (completenessIndicator true); Folio sends none. */
  electronicInvoiceHash?: string;
}

export function buildManageInvoiceRequest(
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  exchangeToken: string,
  operations: readonly InvoiceOperationInput[],
): string {
  if (operations.length < 1 || operations.length > 100) throw new Error('manageInvoice takes 1 to 100 invoices');
  const signed = operations.map((op) => ({ operation: op.operation, invoiceDataBase64: op.invoiceDataBase64 }));
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey, signed);
  return basicRequest('ManageInvoiceRequest', user, software, meta, signature, {
    exchangeToken,
    invoiceOperations: {
      compressedContent: 'false',
      invoiceOperation: operations.map((op, i) => ({
        index: String(i + 1),
        invoiceOperation: op.operation,
        invoiceData: op.invoiceDataBase64,
        electronicInvoiceHash: op.electronicInvoiceHash
          ? { '@cryptoType': 'SHA3-512', '#': op.electronicInvoiceHash }
          : undefined,
      })),
    },
  });
}

export function buildQueryTransactionStatusRequest(
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  transactionId: string,
  returnOriginalRequest = false,
): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('QueryTransactionStatusRequest', user, software, meta, signature, {
    transactionId,
    returnOriginalRequest: returnOriginalRequest ? 'true' : 'false',
  });
}

/** Transactions the technical user submitted in [from, to]: how an interrupted submission is found again. */
export function buildQueryTransactionListRequest(
  user: NavUser,
  software: NavSoftware,
  meta: RequestMeta,
  from: Date,
  to: Date,
  page = 1,
): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('QueryTransactionListRequest', user, software, meta, signature, {
    page: String(page),
    insDate: { dateTimeFrom: from.toISOString(), dateTimeTo: to.toISOString() },
  });
}

/** A taxpayer's data by its 8-digit taxpayer id: whether it is valid, its name and addresses. */
export function buildQueryTaxpayerRequest(user: NavUser, software: NavSoftware, meta: RequestMeta, taxpayerIdToQuery: string): string {
  const signature = requestSignature(meta.requestId, meta.timestamp, user.signatureKey);
  return basicRequest('QueryTaxpayerRequest', user, software, meta, signature, { taxNumber: taxpayerId(taxpayerIdToQuery) });
}

// ——— Responses ———

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false, // ids such as "0012" and amounts stay strings
  trimValues: true,
  isArray: (name) =>
    ['processingResult', 'businessValidationMessages', 'technicalValidationMessages', 'transaction', 'notification', 'taxpayerAddressItem'].includes(
      name,
    ),
});


export interface NavMessage {
  /** ERROR, WARN or INFO (business validation); ERROR or CRITICAL (technical validation). */
  severity: string;
  code: string;
  text: string;
  /** Where NAV pointed to: the line number, the tag. */
  line?: number;
  tag?: string;
}

export interface ParsedResponse {
  /** Root element name without prefix: TokenExchangeResponse, GeneralErrorResponse, … */
  root: string;
  funcCode: string | undefined;
  errorCode: string | undefined;
  message: string | undefined;
  technicalMessages: NavMessage[];
  body: Node;
}

export class NavResponseError extends Error {}

export function parseResponse(xml: string): ParsedResponse {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new NavResponseError(`NAV answered with malformed XML: ${(error as Error).message}`);
  }
  const root = Object.keys(doc).find((k) => !k.startsWith('?'));
  if (!root) throw new NavResponseError('NAV answered with an empty document');
  const body = node(doc[root]);
  // GeneralExceptionResponse carries funcCode/errorCode/message at its top level; everything else in <result>.
  const result = body.result ? node(body.result) : body;
  return {
    root,
    funcCode: str(result.funcCode),
    errorCode: str(result.errorCode),
    message: str(result.message),
    technicalMessages: list(body.technicalValidationMessages).map(technicalMessage),
    body,
  };
}

function technicalMessage(m: Node): NavMessage {
  return {
    severity: str(m.validationResultCode) ?? 'ERROR',
    code: str(m.validationErrorCode) ?? 'TECHNICAL_ERROR',
    text: str(m.message) ?? '',
  };
}

function businessMessage(m: Node): NavMessage {
  const pointer = node(m.pointer);
  const line = str(pointer.line);
  return {
    severity: str(m.validationResultCode) ?? 'ERROR',
    code: str(m.validationErrorCode) ?? 'BUSINESS_ERROR',
    text: str(m.message) ?? '',
    line: line ? Number(line) : undefined,
    tag: str(pointer.tag),
  };
}

export interface TokenExchangeResult {
  encodedExchangeToken: string;
  validFrom: string | undefined;
  validTo: string | undefined;
}

export function readTokenExchange(response: ParsedResponse): TokenExchangeResult {
  const encoded = str(response.body.encodedExchangeToken);
  if (!encoded) throw new NavResponseError('tokenExchange answered without a token');
  return { encodedExchangeToken: encoded, validFrom: str(response.body.tokenValidityFrom), validTo: str(response.body.tokenValidityTo) };
}

export function readTransactionId(response: ParsedResponse): string {
  const id = str(response.body.transactionId);
  if (!id) throw new NavResponseError('manageInvoice answered without a transaction id');
  return id;
}

export type NavInvoiceStatus = 'RECEIVED' | 'PROCESSING' | 'SAVED' | 'DONE' | 'ABORTED';

export interface ProcessingResult {
  index: number;
  status: NavInvoiceStatus;
  messages: NavMessage[];
  /** base64 invoiceData as submitted, when asked for with returnOriginalRequest. */
  originalRequest?: string;
}

export function readProcessingResults(response: ParsedResponse): ProcessingResult[] {
  const results = node(response.body.processingResults);
  return list(results.processingResult).map((r) => ({
    index: Number(str(r.index) ?? '1'),
    status: (str(r.invoiceStatus) ?? 'RECEIVED') as NavInvoiceStatus,
    messages: [...list(r.technicalValidationMessages).map(technicalMessage), ...list(r.businessValidationMessages).map(businessMessage)],
    originalRequest: str(r.originalRequest),
  }));
}

export interface TransactionListResult {
  currentPage: number;
  availablePage: number;
  transactions: Array<{ transactionId: string; insDate: string | undefined; requestStatus: string | undefined }>;
}

export function readTransactionList(response: ParsedResponse): TransactionListResult {
  const result = node(response.body.transactionListResult);
  return {
    currentPage: Number(str(result.currentPage) ?? '0'),
    availablePage: Number(str(result.availablePage) ?? '0'),
    transactions: list(result.transaction).flatMap((t) => {
      const transactionId = str(t.transactionId);
      return transactionId ? [{ transactionId, insDate: str(t.insDate), requestStatus: str(t.requestStatus) }] : [];
    }),
  };
}

export interface NavTaxpayerAddress {
  type: string;
  countryCode: string;
  region?: string;
  postalCode: string;
  city: string;
  streetName: string;
  publicPlaceCategory: string;
  number?: string;
  building?: string;
  staircase?: string;
  floor?: string;
  door?: string;
  lotNumber?: string;
}

export interface NavTaxpayer {
  /** absent when NAV does not know the number at all; false for one no longer (or never) valid */
  validity: boolean | undefined;
  infoDate?: string;
  data?: {
    name: string;
    shortName?: string;
    taxpayerId: string;
    vatCode?: string;
    countyCode?: string;
    incorporation?: string;
    vatGroupMembership?: string;
    addresses: NavTaxpayerAddress[];
  };
}

export function readQueryTaxpayer(response: ParsedResponse): NavTaxpayer {
  const validity = str(response.body.taxpayerValidity);
  const out: NavTaxpayer = { validity: validity === undefined ? undefined : validity === 'true' };
  const infoDate = str(response.body.infoDate);
  if (infoDate) out.infoDate = infoDate;
  if (!response.body.taxpayerData) return out;
  const data = node(response.body.taxpayerData);
  const detail = node(data.taxNumberDetail);
  out.data = {
    name: str(data.taxpayerName) ?? '',
    shortName: str(data.taxpayerShortName),
    taxpayerId: str(detail.taxpayerId) ?? '',
    vatCode: str(detail.vatCode),
    countyCode: str(detail.countyCode),
    incorporation: str(data.incorporation),
    vatGroupMembership: str(data.vatGroupMembership),
    addresses: list(node(data.taxpayerAddressList).taxpayerAddressItem).map((item) => {
      const a = node(item.taxpayerAddress);
      return {
        type: str(item.taxpayerAddressType) ?? '',
        countryCode: str(a.countryCode) ?? '',
        region: str(a.region),
        postalCode: str(a.postalCode) ?? '',
        city: str(a.city) ?? '',
        streetName: str(a.streetName) ?? '',
        publicPlaceCategory: str(a.publicPlaceCategory) ?? '',
        number: str(a.number),
        building: str(a.building),
        staircase: str(a.staircase),
        floor: str(a.floor),
        door: str(a.door),
        lotNumber: str(a.lotNumber),
      };
    }),
  };
  return out;
}
