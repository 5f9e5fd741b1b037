// A stand-in for NAV's receipt interface (nyugta adatszolgáltatás) on 127.0.0.1. Every request body is validated
// against NAV's receipt schema (reference/, xmllint) and must be the request its path takes; the token exchange
// checks the password hash and the request signature (computed here with node:crypto, not Folio's code); every
// other call needs the token as a bearer credential. Answers are built as the schema says (ids NNNNNNNN_NNNNNNNN_N)
// and can be validated too. Business rules a real interface would hold a report to: the taxpayer is the user's,
// the software is registered, the day has closed (Budapest), every VAT category is one of its list, the categories
// add up to the total, a rate for a foreign currency and none for forints, one recorded report per day and first
// number (a second CREATE of the same day is refused — it is how a duplicate would show). Tests can take it down,
// drop an answer after the request was taken in, and make it refuse a taxpayer until it is allowed.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Big from 'big.js';
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { validateReceiptXml } from './schema';

const NS = 'http://schemas.nav.gov.hu/NTCA/1.0/receipt';
const NS_SERVICE = 'http://schemas.nav.gov.hu/NTCA/2.0/common/service';
const NS_XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** The fake's VAT categories: placeholders in the schema's name pattern (NAV's real names come from its list). */
export const FAKE_VAT_CATEGORIES = ['27%', '18%', '5%', '0%', 'AAM', 'TAM', 'ATK'];

export interface FakeReceiptRecord {
  id: string;
  taxPayerId: string;
  day: string;
  serialNumber: string;
  currency: string;
  exchangeRate: string | null;
  categories: Array<{ vat: string; sale: string; modifying: string }>;
  total: string;
  sales: number;
  modifying: number;
  status: 'RECORDED' | 'INVALIDATED';
  software: string;
  /** the request it was made from, as it arrived */
  xml: string;
  /** the answer sent */
  answer: string;
}

export interface FakeReceiptCall {
  path: string;
  status: number;
  code?: string;
  request: string;
  answer: string;
}

export interface FakeReceiptOptions {
  login?: string;
  password?: string;
  taxNumber?: string;
  signatureKey?: string;
  /** NAV's clock (for "has the day closed") */
  now?: () => Date;
  validateResponses?: boolean;
}

export interface FakeReceiptNav {
  baseUrl: string;
  calls: FakeReceiptCall[];
  records: FakeReceiptRecord[];
  software: string[];
  schemaErrors: string[];
  responseSchemaErrors: string[];
  idle(): Promise<void>;
  down(mode: 'unavailable' | 'refused'): Promise<void>;
  up(): Promise<void>;
  /** the next request to this path is carried out, then the connection is cut before the answer */
  dropNextAnswer(path: string): void;
  /** refuse every report of this taxpayer with this code and words until allowed */
  refuseTaxpayer(code: string, message: string): void;
  allowTaxpayer(): void;
  /** the RECORDED reports of a day */
  recorded(day: string): FakeReceiptRecord[];
  close(): Promise<void>;
}

type Node = Record<string, any>;
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'vatCategory',
});

class Fault extends Error {
  constructor(
    readonly status: number,
    readonly root: 'BusinessErrorResponse' | 'InvalidRequestResponse' | 'TechnicalErrorResponse',
    readonly code: string,
    message: string,
    readonly fields: Array<{ field: string; error: string }> = [],
  ) {
    super(message);
  }
}

const ROOTS: Record<string, string> = {
  'auth/token': 'AuthTokenRequest',
  'receipt/create': 'CreateReceiptRequest',
  'receipt/modify': 'ModifyReceiptRequest',
  'receipt/invalidate': 'InvalidateReceiptRequest',
  'receipt/list': 'ReceiptListRequest',
  'issuing-software/create': 'CreateIssuingSoftwareRequest',
  'issuing-software/list': 'IssuingSoftwareListRequest',
  'vat-category/list': 'VatCategoryRequest',
};

const sha512 = (v: string) => createHash('sha512').update(v, 'utf8').digest('hex').toUpperCase();
const sha3 = (v: string) => createHash('sha3-512').update(v, 'utf8').digest('hex').toUpperCase();
const budapestDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const text = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && '#text' in (v as Node) ? String((v as Node)['#text']) : '');

export async function startFakeReceiptNav(options: FakeReceiptOptions = {}): Promise<FakeReceiptNav> {
  const login = options.login ?? 'folio0test';
  const password = options.password ?? 'Titkos-jelszo-1';
  const taxNumber = options.taxNumber ?? '12345676';
  const signatureKey = options.signatureKey ?? 'ac-ac3a-7f661bff7d342N43CYX4U9FG';
  const now = options.now ?? (() => new Date());
  const calls: FakeReceiptCall[] = [];
  const records: FakeReceiptRecord[] = [];
  const software: string[] = [];
  const schemaErrors: string[] = [];
  const responseSchemaErrors: string[] = [];
  const validations: Array<Promise<unknown>> = [];
  const tokens = new Map<string, number>();
  const drops = new Set<string>();
  let refusal: { code: string; message: string } | null = null;
  let unavailable = false;
  let seq = 0;

  const ctx = () => ({ 'service:context': { 'service:requestId': randomUUID(), 'service:timestamp': now().toISOString() } });
  function answer(root: string, body: Record<string, unknown>, resultCode = 'SUCCESS'): string {
    return create({ version: '1.0', encoding: 'UTF-8' })
      .ele({ [root]: { '@xmlns': NS, '@xmlns:service': NS_SERVICE, '@xmlns:xsi': NS_XSI, ...ctx(), 'service:resultCode': resultCode, ...body } })
      .end({ prettyPrint: true });
  }
  function fault(f: Fault): string {
    return create({ version: '1.0', encoding: 'UTF-8' })
      .ele({
        [`service:${f.root}`]: {
          '@xmlns:service': NS_SERVICE,
          ...ctx(),
          'service:resultCode': 'ERROR',
          'service:message': f.message,
          'service:errorCode': f.code,
          ...(f.fields.length ? { 'service:error': f.fields.map((e) => ({ 'service:field': e.field, 'service:error': e.error })) } : {}),
        },
      })
      .end({ prettyPrint: true });
  }

  function token(request: Node): string {
    const auth = request.auth ?? {};
    const requestId = text(request.context?.requestId);
    const stamp = text(request.context?.timestamp);
    if (text(auth.login) !== login || text(auth.passwordHash) !== sha512(password)) {
      throw new Fault(401, 'BusinessErrorResponse', 'INVALID_SECURITY_USER', 'Helytelen felhasználónév vagy jelszó');
    }
    if (text(auth.taxNumber) !== taxNumber) throw new Fault(403, 'BusinessErrorResponse', 'NOT_REGISTERED_CUSTOMER', 'Az adószám nem a technikai felhasználóé');
    const signed = sha3(requestId + new Date(stamp).toISOString().slice(0, 19).replace(/[-T:]/g, '') + signatureKey);
    if (text(auth.requestSignature) !== signed) throw new Fault(401, 'BusinessErrorResponse', 'INVALID_REQUEST_SIGNATURE', 'Hibás kérésaláírás');
    const t = randomUUID();
    const validTo = now().getTime() + 5 * 60_000;
    tokens.set(t, validTo);
    return answer('AuthTokenResponse', { token: t, validTo: new Date(validTo).toISOString() });
  }

  function mine(request: Node) {
    if (text(request.taxPayerId) !== taxNumber) throw new Fault(403, 'BusinessErrorResponse', 'FORBIDDEN', 'A technikai felhasználó nem ennek az adózónak a nevében jár el');
  }

  function checkReport(request: Node, day: string): Pick<FakeReceiptRecord, 'currency' | 'exchangeRate' | 'categories' | 'total' | 'sales' | 'modifying'> {
    mine(request);
    if (refusal) throw new Fault(400, 'BusinessErrorResponse', refusal.code, refusal.message);
    const name = text(request.issuingSoftware?.name);
    if (!software.includes(name)) throw new Fault(400, 'BusinessErrorResponse', 'ISSUING_SOFTWARE_NOT_FOUND', `Nincs ilyen bejelentett számlázó szoftver: ${name}`);
    if (day >= budapestDay(now())) throw new Fault(400, 'BusinessErrorResponse', 'APPLICABLE_DATE_NOT_CLOSED', `A ${day} nap még nem zárult le`);
    const currency = text(request.currency);
    const rateNode = request.exchangeRate;
    const nil = rateNode && typeof rateNode === 'object' && (rateNode['@_nil'] === 'true' || rateNode['@_xsi:nil'] === 'true');
    const rate = nil ? null : text(rateNode);
    if (currency === 'HUF' && rate !== null) throw new Fault(400, 'BusinessErrorResponse', 'INVALID_EXCHANGE_RATE', 'Forintnál nincs árfolyam');
    if (currency !== 'HUF' && rate === null) throw new Fault(400, 'BusinessErrorResponse', 'MISSING_EXCHANGE_RATE', 'Devizás nyugtához árfolyam kell');
    const categories = (request.vatCategoryItems?.vatCategory ?? []).map((c: Node) => ({ vat: text(c.vat), sale: text(c.saleDocument), modifying: text(c.modifyingDocument) }));
    for (const c of categories) {
      if (!FAKE_VAT_CATEGORIES.includes(c.vat)) throw new Fault(400, 'BusinessErrorResponse', 'INVALID_VAT_CATEGORY', `Ismeretlen ÁFA-kategória: ${c.vat}`);
    }
    const sum = categories.reduce((s: Big, c: { sale: string; modifying: string }) => s.plus(c.sale).plus(c.modifying), new Big(0));
    const total = text(request.total);
    if (!sum.eq(new Big(total))) throw new Fault(400, 'BusinessErrorResponse', 'TOTAL_MISMATCH', `A kategóriák összege (${sum.toFixed(2)}) nem egyezik a végösszeggel (${total})`);
    return { currency, exchangeRate: rate, categories, total, sales: Number(text(request.numberOfSaleDocument)), modifying: Number(text(request.numberOfModifyingDocument)) };
  }

  function newId(): string {
    const d = budapestDay(now()).replace(/-/g, '');
    return `${taxNumber}_${d}_${++seq}`;
  }

  function carryOut(path: string, request: Node, raw: string): string {
    switch (path) {
      case 'issuing-software/list':
        mine(request);
        return answer('IssuingSoftwareListResponse', { issuingSoftwareList: software.length ? { software: software.map((name) => ({ name })) } : {} });
      case 'issuing-software/create':
        mine(request);
        if (!software.includes(text(request.name))) software.push(text(request.name));
        return answer('CreateIssuingSoftwareResponse', {});
      case 'vat-category/list':
        return answer('VatCategoryResponse', { categories: { category: FAKE_VAT_CATEGORIES.map((name) => ({ name, validFrom: '2026-01-01' })) } });
      case 'receipt/create': {
        const day = text(request.applicableDate);
        const serialNumber = text(request.serialNumber);
        const figures = checkReport(request, day);
        if (records.some((r) => r.status === 'RECORDED' && r.day === day && r.serialNumber === serialNumber)) {
          throw new Fault(400, 'BusinessErrorResponse', 'RECEIPT_ALREADY_EXISTS', `A ${day} napra ${serialNumber} kezdő sorszámmal már van adatszolgáltatás`);
        }
        const id = newId();
        const xml = answer('CreateReceiptResponse', { id });
        records.push({ id, taxPayerId: taxNumber, day, serialNumber, ...figures, status: 'RECORDED', software: text(request.issuingSoftware?.name), xml: raw, answer: xml });
        return xml;
      }
      case 'receipt/modify': {
        const old = records.find((r) => r.id === text(request.id));
        if (!old || old.status !== 'RECORDED') throw new Fault(400, 'BusinessErrorResponse', 'RECEIPT_NOT_FOUND', `Nincs módosítható adatszolgáltatás ${text(request.id)} azonosítóval`);
        const day = text(request.applicableDate);
        if (day !== old.day) throw new Fault(400, 'BusinessErrorResponse', 'APPLICABLE_DATE_MISMATCH', 'A nap nem módosítható');
        const figures = checkReport(request, day);
        old.status = 'INVALIDATED';
        const id = newId();
        const xml = answer('ModifyReceiptResponse', { id });
        records.push({ id, taxPayerId: taxNumber, day, serialNumber: old.serialNumber, ...figures, status: 'RECORDED', software: text(request.issuingSoftware?.name), xml: raw, answer: xml });
        return xml;
      }
      case 'receipt/invalidate': {
        mine(request);
        const old = records.find((r) => r.id === text(request.id));
        if (!old || old.status !== 'RECORDED') throw new Fault(400, 'BusinessErrorResponse', 'RECEIPT_NOT_FOUND', `Nincs érvényes adatszolgáltatás ${text(request.id)} azonosítóval`);
        old.status = 'INVALIDATED';
        return answer('InvalidateReceiptResponse', {});
      }
      case 'receipt/list': {
        mine(request);
        const from = text(request.from);
        const to = text(request.to);
        const found = records.filter((r) => r.day >= from && r.day <= to);
        return answer('ReceiptListResponse', {
          paging: { '@xmlns:paging': 'http://schemas.nav.gov.hu/NTCA/2.0/common/paging', 'paging:pageSize': '100', 'paging:page': '1', 'paging:totalRowCount': String(found.length) },
          result: {
            receipt: found.map((r) => ({
              id: r.id,
              applicableDate: r.day,
              serialNumber: r.serialNumber,
              numberOfSaleDocument: String(r.sales),
              numberOfModifyingDocument: String(r.modifying),
              totalAmount: r.total,
              totalAmountInForint: new Big(r.total).times(r.exchangeRate ?? '1').round(0, 1).toFixed(0),
              status: r.status,
              issuingSoftware: { name: r.software },
            })),
          },
        });
      }
    }
    throw new Fault(404, 'TechnicalErrorResponse', 'NOT_FOUND', path);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').replace(/^\/v1\//, '');
    const call: FakeReceiptCall = { path, status: 200, request: raw, answer: '' };
    const finish = (status: number, xml: string) => {
      call.status = status;
      call.answer = xml;
      calls.push(call);
      if (options.validateResponses && xml.startsWith('<?xml')) {
        validations.push(validateReceiptXml(xml).then((r) => !r.ok && responseSchemaErrors.push(`${path}: ${r.errors}`)));
      }
      res.writeHead(status, { 'Content-Type': 'application/xml; charset=UTF-8' }).end(xml);
    };
    if (unavailable) return finish(503, 'Service Unavailable');
    if (req.method !== 'POST' || !ROOTS[path]) return finish(404, 'Not Found');
    try {
      const schema = await validateReceiptXml(raw);
      if (!schema.ok) {
        schemaErrors.push(`${path}: ${schema.errors}`);
        throw new Fault(400, 'InvalidRequestResponse', 'SCHEMA_VIOLATION', 'A kérés nem felel meg a sémának', [{ field: path, error: schema.errors.slice(0, 1000) }]);
      }
      const doc = parser.parse(raw) as Node;
      const root = Object.keys(doc).find((k) => !k.startsWith('?'))!;
      if (root !== ROOTS[path]) throw new Fault(400, 'InvalidRequestResponse', 'WRONG_REQUEST', `${path} takes ${ROOTS[path]}, not ${root}`);
      const request = doc[root] as Node;
      let xml: string;
      if (path === 'auth/token') xml = token(request);
      else {
        const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
        const validTo = bearer ? tokens.get(bearer) : undefined;
        if (validTo === undefined || validTo < now().getTime()) throw new Fault(401, 'BusinessErrorResponse', 'INVALID_TOKEN', 'Érvénytelen vagy lejárt token');
        xml = carryOut(path, request, raw);
      }
      if (drops.delete(path)) {
        // carried out, then the line goes dead: the caller never learns the outcome
        call.code = 'DROPPED';
        calls.push(call);
        req.socket.destroy();
        return;
      }
      finish(200, xml);
    } catch (e) {
      if (!(e instanceof Fault)) throw e;
      call.code = e.code;
      finish(e.status, fault(e));
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  async function stopListening() {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    records,
    software,
    schemaErrors,
    responseSchemaErrors,
    async idle() {
      await Promise.all(validations);
    },
    async down(mode) {
      if (mode === 'unavailable') unavailable = true;
      else await stopListening();
    },
    async up() {
      unavailable = false;
      if (!listening) {
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        listening = true;
      }
    },
    dropNextAnswer(path) {
      drops.add(path);
    },
    refuseTaxpayer(code, message) {
      refusal = { code, message };
    },
    allowTaxpayer() {
      refusal = null;
    },
    recorded(day) {
      return records.filter((r) => r.day === day && r.status === 'RECORDED');
    },
    close: stopListening,
  };
}
