// The receipt interface's messages (NAV's receipt-if-schema, namespace …/NTCA/1.0/receipt): the requests Folio sends,
// built in the schema's element order, and the answers read leniently (namespace prefixes dropped, since NAV's
// servers choose their own). Every request but the token exchange extends NTCA Common's BaseRequestType: a context
// of a UUID and a UTC timestamp. The token exchange is the legacy form: a short request id and the technical user,
// signed as for Online Számla (SHA3-512 of request id + timestamp + signing key).
import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { requestSignature, sha512Hex } from '../nav/crypto';
import type { ReceiptFigures } from './figures';
import { amount2 } from './figures';

export const NS_RECEIPT = 'http://schemas.nav.gov.hu/NTCA/1.0/receipt';
export const NS_SERVICE = 'http://schemas.nav.gov.hu/NTCA/2.0/common/service';
export const NS_AUTH = 'http://schemas.nav.gov.hu/NTCA/2.0/common/authservice';
const NS_XSI = 'http://www.w3.org/2001/XMLSchema-instance';

export interface ReceiptUser {
  login: string;
  password: string;
  /** the 8-digit taxpayer id */
  taxNumber: string;
  signatureKey: string;
}

export interface ReceiptMeta {
  /** a UUID (ContextType) */
  requestId: string;
  timestamp: Date;
}

export function newMeta(now: Date): ReceiptMeta {
  return { requestId: randomUUID(), timestamp: now };
}

function xml(root: string, body: Record<string, unknown>, meta: ReceiptMeta, extraNs: Record<string, string> = {}): string {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      [root]: {
        '@xmlns': NS_RECEIPT,
        '@xmlns:service': NS_SERVICE,
        ...extraNs,
        'service:context': { 'service:requestId': meta.requestId, 'service:timestamp': meta.timestamp.toISOString() },
        ...body,
      },
    })
    .end({ prettyPrint: true });
}

/** LegacyRequestIdType: [+a-zA-Z0-9_]{1,30}. */
function legacyRequestId(): string {
  return `FOLIO${randomUUID().replace(/-/g, '')}`.slice(0, 30);
}

export function buildAuthTokenRequest(user: ReceiptUser, now: Date): string {
  const requestId = legacyRequestId();
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      AuthTokenRequest: {
        '@xmlns': NS_RECEIPT,
        '@xmlns:service': NS_SERVICE,
        '@xmlns:auth': NS_AUTH,
        'service:context': { 'service:requestId': requestId, 'service:timestamp': now.toISOString() },
        'auth:auth': {
          'auth:login': user.login,
          'auth:passwordHash': { '@cryptoType': 'SHA-512', '#': sha512Hex(user.password) },
          'auth:taxNumber': user.taxNumber,
          'auth:requestSignature': { '@cryptoType': 'SHA3-512', '#': requestSignature(requestId, now, user.signatureKey) },
        },
      },
    })
    .end({ prettyPrint: true });
}

export function buildCreateIssuingSoftwareRequest(taxPayerId: string, name: string, meta: ReceiptMeta): string {
  return xml('CreateIssuingSoftwareRequest', { taxPayerId, name }, meta);
}

export function buildIssuingSoftwareListRequest(taxPayerId: string, meta: ReceiptMeta): string {
  return xml('IssuingSoftwareListRequest', { taxPayerId }, meta);
}

export function buildVatCategoryRequest(meta: ReceiptMeta): string {
  return xml('VatCategoryRequest', {}, meta);
}

/** The report's fields in the schema's order; `id` first for a modification, no serial number then. */
function reportBody(taxPayerId: string, software: string, f: ReceiptFigures, modifyId?: string): Record<string, unknown> {
  return {
    ...(modifyId ? { id: modifyId } : {}),
    taxPayerId,
    issuingSoftware: { name: software },
    applicableDate: f.day,
    ...(modifyId ? {} : { serialNumber: f.serialNumber }),
    currency: f.currency,
    // forints carry no rate: the element is nillable, and a rate of 1 would claim a conversion that did not happen
    exchangeRate: f.exchangeRate === null ? { '@xsi:nil': 'true' } : f.exchangeRate,
    vatCategoryItems: {
      vatCategory: f.categories.map((c) => ({ vat: c.vat, saleDocument: amount2(c.saleMilli), modifyingDocument: amount2(c.modifyingMilli) })),
    },
    total: amount2(f.totalMilli),
    numberOfSaleDocument: String(f.saleCount),
    numberOfModifyingDocument: String(f.modifyingCount),
  };
}

export function buildCreateReceiptRequest(taxPayerId: string, software: string, f: ReceiptFigures, meta: ReceiptMeta): string {
  return xml('CreateReceiptRequest', reportBody(taxPayerId, software, f), meta, { '@xmlns:xsi': NS_XSI });
}

export function buildModifyReceiptRequest(id: string, taxPayerId: string, software: string, f: ReceiptFigures, meta: ReceiptMeta): string {
  return xml('ModifyReceiptRequest', reportBody(taxPayerId, software, f, id), meta, { '@xmlns:xsi': NS_XSI });
}

export function buildInvalidateReceiptRequest(id: string, taxPayerId: string, meta: ReceiptMeta): string {
  return xml('InvalidateReceiptRequest', { id, taxPayerId }, meta);
}

export function buildReceiptListRequest(taxPayerId: string, day: string, meta: ReceiptMeta): string {
  return xml(
    'ReceiptListRequest',
    {
      paging: { 'paging:pageSize': '100', 'paging:page': '1', '@xmlns:paging': 'http://schemas.nav.gov.hu/NTCA/2.0/common/paging' },
      ordering: { property: 'CREATED_DATE', direction: 'DESC' },
      taxPayerId,
      from: day,
      to: day,
    },
    meta,
  );
}

// ---- answers ----

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, trimValues: true, attributeNamePrefix: '@' });

function node(v: unknown): Node {
  return v && typeof v === 'object' ? (v as Node) : {};
}
function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as Node)['#text'] === 'string') return (v as Node)['#text'] as string;
  return undefined;
}
function list(v: unknown): Node[] {
  return Array.isArray(v) ? v.map(node) : v ? [node(v)] : [];
}

export interface ReceiptAnswer {
  /** root element without prefix: CreateReceiptResponse, BusinessErrorResponse, … */
  root: string;
  resultCode: string | undefined;
  errorCode: string | undefined;
  message: string | undefined;
  /** InvalidRequestResponse's field errors */
  fieldErrors: Array<{ field?: string; error?: string }>;
  body: Node;
}

export class ReceiptAnswerError extends Error {}

export function readAnswer(text: string): ReceiptAnswer {
  let doc: Node;
  try {
    doc = parser.parse(text) as Node;
  } catch (e) {
    throw new ReceiptAnswerError(`NAV answered with malformed XML: ${(e as Error).message}`);
  }
  const root = Object.keys(doc).find((k) => !k.startsWith('?'));
  if (!root) throw new ReceiptAnswerError('NAV answered with an empty document');
  const body = node(doc[root]);
  return {
    root,
    resultCode: str(body.resultCode),
    errorCode: str(body.errorCode),
    message: str(body.message),
    fieldErrors: list(body.error).map((e) => ({ field: str(e.field), error: str(e.error) })),
    body,
  };
}

export function readToken(a: ReceiptAnswer): { token: string; validTo: string | undefined } | undefined {
  const token = str(a.body.token);
  return token ? { token, validTo: str(a.body.validTo) } : undefined;
}

export function readId(a: ReceiptAnswer): string | undefined {
  return str(a.body.id);
}

export function readVatCategories(a: ReceiptAnswer): Array<{ name: string; validFrom?: string; validTo?: string }> {
  return list(node(a.body.categories).category).map((c) => ({ name: str(c.name) ?? '', validFrom: str(c.validFrom), validTo: str(c.validTo) }));
}

export function readSoftwareNames(a: ReceiptAnswer): string[] {
  return list(node(a.body.issuingSoftwareList).software).map((s) => str(s.name) ?? '');
}

export interface ListedReport {
  id: string;
  applicableDate: string;
  serialNumber: string;
  numberOfSaleDocument: number;
  numberOfModifyingDocument: number;
  totalAmount: string;
  status: string;
  software: string;
}

export function readReceiptList(a: ReceiptAnswer): ListedReport[] {
  return list(node(a.body.result).receipt).map((r) => ({
    id: str(r.id) ?? '',
    applicableDate: str(r.applicableDate) ?? '',
    serialNumber: str(r.serialNumber) ?? '',
    numberOfSaleDocument: Number(str(r.numberOfSaleDocument) ?? NaN),
    numberOfModifyingDocument: Number(str(r.numberOfModifyingDocument) ?? NaN),
    totalAmount: str(r.totalAmount) ?? '',
    status: str(r.status) ?? '',
    software: str(node(r.issuingSoftware).name) ?? '',
  }));
}
