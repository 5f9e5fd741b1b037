// A stand-in for NAV's Online Számla 3.0 API on 127.0.0.1: a real HTTP server that is as strict as the real one
// where Folio could go wrong. Every request body is validated against NAV's API schema and every submitted invoice
// against the data schema (xmllint, see schema.ts); password hash and request signature are checked; the exchange
// token is really AES-128-ECB encrypted with the user's exchange key and is single-use. Submissions are processed
// "asynchronously": each status query moves a transaction RECEIVED → PROCESSING → DONE / ABORTED, and the outcome
// comes from NAV-like business checks (nav-checks.ts, invoice number uniqueness, and the invoice chain as NAV checks
// it since 15 September 2025: a MODIFY/STORNO needs its original at NAV unless modifyWithoutMaster, the next
// modification index of that chain, and line references that fit the chain — see chainChecks).
// queryTaxpayer answers from a small register of taxpayers (KNOWN_TAXPAYERS, or the test's own): a known number
// is valid, with its name and seat; any other gets taxpayerValidity false.
// The buyer's side (fake-nav-inbound.ts): queryInvoiceDigest, queryInvoiceData and queryInvoiceChainDigest answer
// from the invoices suppliers reported to this business (`inbound.add`), paged, with chains and compressed data.
// Tests can take it down (503, or refusing connections), drop a response after the request was taken in, make
// it abort or warn a given invoice, refuse the queries (a user without the right) or one digest page.
import { createCipheriv, createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { checkInvoiceData, parseInvoiceData, type CheckMessage } from './nav-checks';
import { createInboundStore } from './fake-nav-inbound';
import { validateNavXml } from './schema';

const NS_API = 'http://schemas.nav.gov.hu/OSA/3.0/api';
const NS_COMMON = 'http://schemas.nav.gov.hu/NTCA/1.0/common';
const NS_BASE = 'http://schemas.nav.gov.hu/OSA/3.0/base';

/** A taxpayer in the fake's register, as queryTaxpayer tells of it. */
export interface FakeTaxpayer {
  name: string;
  shortName?: string;
  vatCode: string;
  countyCode: string;
  incorporation?: 'ORGANIZATION' | 'SELF_EMPLOYED' | 'TAXABLE_PERSON';
  vatGroupMembership?: string;
  addresses: Array<{
    type: 'HQ' | 'SITE' | 'BRANCH';
    postalCode: string;
    city: string;
    streetName: string;
    publicPlaceCategory: string;
    number?: string;
    floor?: string;
    door?: string;
  }>;
}

/** The register by taxpayer id (8 digits; check-digit-valid numbers). */
export const KNOWN_TAXPAYERS: Readonly<Record<string, FakeTaxpayer>> = {
  '34567898': {
    name: 'Példa Szoftverfejlesztő Korlátolt Felelősségű Társaság',
    shortName: 'Példa Szoftver Kft.',
    vatCode: '2',
    countyCode: '42',
    incorporation: 'ORGANIZATION',
    addresses: [
      { type: 'SITE', postalCode: '6720', city: 'Szeged', streetName: 'Kárász', publicPlaceCategory: 'utca', number: '5' },
      { type: 'HQ', postalCode: '1134', city: 'Budapest', streetName: 'Váci', publicPlaceCategory: 'út', number: '47/B', floor: '3' },
    ],
  },
  '12345676': {
    name: 'Folio Teszt Korlátolt Felelősségű Társaság',
    shortName: 'Folio Teszt Kft.',
    vatCode: '2',
    countyCode: '41',
    incorporation: 'ORGANIZATION',
    addresses: [{ type: 'HQ', postalCode: '1051', city: 'Budapest', streetName: 'Nádor', publicPlaceCategory: 'utca', number: '7' }],
  },
};

export interface FakeNavOptions {
  login?: string;
  password?: string;
  taxNumber?: string;
  signatureKey?: string;
  exchangeKey?: string;
  /** Status queries answered RECEIVED, then PROCESSING, before the final status (default 2). */
  pollsBeforeFinal?: number;
  /** Validate requests and invoice data with xmllint (default true). */
  validateSchemas?: boolean;
  /** Validate the fake's own answers too; failures collect in `responseSchemaErrors` (default false). */
  validateResponses?: boolean;
  /** NAV's clock; share the sender's fake clock so timestamps and token validity agree. */
  now?: () => Date;
  /** queryTaxpayer's register by taxpayer id (default KNOWN_TAXPAYERS) */
  taxpayers?: Record<string, FakeTaxpayer>;
  /** Told of every request, in arrival order (after it was handled). */
  onCall?: (call: RecordedCall) => void;
  /**
   * Validate only the first n requests of each operation against the schema (default: every one). The WebAssembly
   * xmllint takes a second or more for the API schema on a busy machine; a year of received invoices samples it.
   */
  schemaChecksPerOperation?: number;
  /** the page size of the inbound digests (NAV's is 100) */
  inboundPageSize?: number;
}

export interface RecordedCall {
  operation: string;
  status: number;
  errorCode?: string;
  transactionId?: string;
}

type Final = { status: 'DONE' | 'ABORTED'; business: CheckMessage[]; technical: Array<{ code: string; message: string }> };

export interface FakeTransaction {
  transactionId: string;
  insDate: Date;
  operation: string;
  invoiceNumber: string;
  originalInvoiceNumber?: string;
  modifyWithoutMaster?: boolean;
  modificationIndex?: number;
  invoiceDataBase64: string;
  xml: string;
  schema: Promise<{ ok: boolean; errors: string }>;
  polls: number;
  final?: Final;
}

export interface FakeNav {
  baseUrl: string;
  calls: RecordedCall[];
  transactions: FakeTransaction[];
  responseSchemaErrors: string[];
  /** Resolves when the response validations started so far are finished. */
  idle(): Promise<void>;
  /** 'unavailable': every request gets 503; 'refused': the port stops listening. */
  down(mode: 'unavailable' | 'refused'): Promise<void>;
  up(): Promise<void>;
  /** The next `count` requests get 503. */
  failNext(count: number): void;
  /** The next request to `operation` is fully processed, then the connection is cut before any answer. */
  dropNextResponse(operation: string): void;
  abortInvoice(invoiceNumber: string, code: string, message?: string): void;
  /** An invoice NAV holds from elsewhere (the previous program reported it): its lines and last modification index. */
  holdInvoice(invoiceNumber: string, held: { lines: number; lastModificationIndex?: number }): void;
  warnInvoice(invoiceNumber: string, code: string, message?: string): void;
  /** How many times an invoice number was submitted in manageInvoice. */
  submissions(invoiceNumber: string): number;
  /** the invoices suppliers reported with this business as buyer (queryInvoiceDigest INBOUND and the rest) */
  inbound: ReturnType<typeof createInboundStore>;
  /** the three queries refused with this code (e.g. FORBIDDEN: the technical user lacks the right to query); null lifts it */
  refuseQueries(code: string | null): void;
  /** the next digest query of page `page` refused with `code` (NAV refusing a page) */
  refusePage(page: number, code: string, message?: string): void;
  close(): Promise<void>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name, jpath) => name === 'invoiceOperation' && String(jpath).endsWith('invoiceOperations.invoiceOperation'),
});

type Node = Record<string, any>;

class NavFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const OPERATIONS: Record<string, string> = {
  tokenExchange: 'TokenExchangeRequest',
  manageInvoice: 'ManageInvoiceRequest',
  queryTransactionStatus: 'QueryTransactionStatusRequest',
  queryTransactionList: 'QueryTransactionListRequest',
  queryTaxpayer: 'QueryTaxpayerRequest',
  queryInvoiceDigest: 'QueryInvoiceDigestRequest',
  queryInvoiceData: 'QueryInvoiceDataRequest',
  queryInvoiceChainDigest: 'QueryInvoiceChainDigestRequest',
};

const QUERY_OPERATIONS = new Set(['queryInvoiceDigest', 'queryInvoiceData', 'queryInvoiceChainDigest']);

const SOFTWARE_FIELDS = [
  'softwareId',
  'softwareName',
  'softwareOperation',
  'softwareMainVersion',
  'softwareDevName',
  'softwareDevContact',
  'softwareDevCountryCode',
  'softwareDevTaxNumber',
];

export async function startFakeNav(options: FakeNavOptions = {}): Promise<FakeNav> {
  const login = options.login ?? 'folio0test';
  const password = options.password ?? 'Titkos-jelszo-1';
  const taxNumber = options.taxNumber ?? '12345676';
  const signatureKey = options.signatureKey ?? 'ac-ac3a-7f661bff7d342N43CYX4U9FG';
  const exchangeKey = options.exchangeKey ?? 'ABCDEF0123456789';
  const pollsBeforeFinal = options.pollsBeforeFinal ?? 2;
  const validateSchemas = options.validateSchemas ?? true;
  const now = options.now ?? (() => new Date());
  const taxpayers = options.taxpayers ?? KNOWN_TAXPAYERS;

  const calls: RecordedCall[] = [];
  const transactions: FakeTransaction[] = [];
  const responseSchemaErrors: string[] = [];
  const pendingValidations: Array<Promise<unknown>> = [];
  const tokens = new Map<string, { validTo: number; used: boolean }>();
  const requestIds = new Set<string>();
  const aborts = new Map<string, CheckMessage>();
  const warns = new Map<string, CheckMessage>();
  const held = new Map<string, { lines: number; lastModificationIndex?: number }>();
  const drops = new Set<string>();
  let failCount = 0;
  let unavailable = false;
  const inbound = createInboundStore({ pageSize: options.inboundPageSize ?? 100 });
  let queriesRefused: string | null = null;
  const refusedPages = new Map<number, { code: string; message: string }>();

  const iso = (d: Date) => d.toISOString();

  function respond(root: string, request: Node | undefined, body: Record<string, unknown>, funcCode = 'OK', error?: NavFault): string {
    const software = request?.software ?? { softwareId: 'NAVFAKE00000000000', softwareName: 'fake', softwareOperation: 'ONLINE_SERVICE', softwareMainVersion: '3.0', softwareDevName: 'fake', softwareDevContact: 'fake' };
    const doc = {
      [root]: {
        '@xmlns': NS_API,
        '@xmlns:common': NS_COMMON,
        'common:header': {
          'common:requestId': request?.header?.requestId ?? `FAKE${Date.now()}`,
          'common:timestamp': iso(now()),
          'common:requestVersion': '3.0',
          'common:headerVersion': '1.0',
        },
        'common:result': {
          'common:funcCode': funcCode,
          'common:errorCode': error?.code,
          'common:message': error ? error.message.slice(0, 1000) || error.code : undefined,
        },
        software: Object.fromEntries(SOFTWARE_FIELDS.map((f) => [f, software[f]])),
        ...body,
      },
    };
    return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
  }

  function fault(request: Node | undefined, error: NavFault): string {
    return respond('GeneralErrorResponse', request, {}, 'ERROR', error);
  }

  const schemaChecks = new Map<string, number>();
  async function authenticate(operation: string, xml: string): Promise<Node> {
    const checked = schemaChecks.get(operation) ?? 0;
    schemaChecks.set(operation, checked + 1);
    if (validateSchemas && checked < (options.schemaChecksPerOperation ?? Infinity)) {
      const schema = await validateNavXml('api', xml);
      if (!schema.ok) throw new NavFault(400, 'INVALID_REQUEST', schema.errors.split('\n')[0] ?? 'schema violation');
    }
    const doc = parser.parse(xml) as Node;
    const root = OPERATIONS[operation]!;
    const request = doc[root] as Node | undefined;
    if (!request) throw new NavFault(400, 'INVALID_REQUEST', `expected ${root}`);
    const user = request.user as Node;
    const header = request.header as Node;
    if (user.login !== login || user.passwordHash?.['#text'] !== sha512Hex(password) || user.taxNumber !== taxNumber) {
      throw new NavFault(401, 'INVALID_SECURITY_USER', 'Helytelen authentikációs adatok');
    }
    const timestamp = new Date(header.timestamp);
    if (Math.abs(timestamp.getTime() - now().getTime()) > 24 * 3600_000) throw new NavFault(400, 'INVALID_TIMESTAMP', 'timestamp');
    if (requestIds.has(header.requestId)) throw new NavFault(400, 'REQUEST_ID_NOT_UNIQUE', 'requestId used before');
    requestIds.add(header.requestId);
    const ops =
      operation === 'manageInvoice'
        ? (request.invoiceOperations.invoiceOperation as Node[])
            .sort((a, b) => Number(a.index) - Number(b.index))
            .map((op) => ({ operation: String(op.invoiceOperation), invoiceDataBase64: String(op.invoiceData) }))
        : [];
    const expected = requestSignature(String(header.requestId), timestamp, signatureKey, ops);
    if (user.requestSignature?.['#text'] !== expected) throw new NavFault(400, 'INVALID_REQUEST_SIGNATURE', 'Helytelen kérés aláírás');
    return request;
  }

  function tokenExchange(request: Node): string {
    const token = `${randomUUID()}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const from = now();
    const to = new Date(from.getTime() + 5 * 60_000);
    tokens.set(token, { validTo: to.getTime(), used: false });
    return respond('TokenExchangeResponse', request, {
      encodedExchangeToken: encryptExchangeToken(token, exchangeKey),
      tokenValidityFrom: iso(from),
      tokenValidityTo: iso(to),
    });
  }

  function manageInvoice(request: Node): { xml: string; transactionId: string } {
    const token = tokens.get(String(request.exchangeToken));
    if (!token || token.used || token.validTo < now().getTime()) throw new NavFault(400, 'INVALID_EXCHANGE_TOKEN', 'Érvénytelen token');
    token.used = true;
    const transactionId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    for (const op of request.invoiceOperations.invoiceOperation as Node[]) {
      const base64 = String(op.invoiceData);
      const xml = Buffer.from(base64, 'base64').toString('utf8');
      let invoiceNumber = '?';
      let originalInvoiceNumber: string | undefined;
      let modifyWithoutMaster: boolean | undefined;
      let modificationIndex: number | undefined;
      try {
        const data = parseInvoiceData(xml);
        invoiceNumber = String(data.invoiceNumber);
        const reference = data.invoiceMain?.invoice?.invoiceReference;
        originalInvoiceNumber = reference?.originalInvoiceNumber;
        if (reference) {
          modifyWithoutMaster = reference.modifyWithoutMaster === 'true';
          modificationIndex = Number(reference.modificationIndex);
        }
      } catch {
        // unreadable data is a schema violation, found when processed
      }
      transactions.push({
        transactionId,
        insDate: now(),
        operation: String(op.invoiceOperation),
        invoiceNumber,
        originalInvoiceNumber,
        modifyWithoutMaster,
        modificationIndex,
        invoiceDataBase64: base64,
        xml,
        schema: validateSchemas ? validateNavXml('data', xml) : Promise.resolve({ ok: true, errors: '' }),
        polls: 0,
      });
    }
    return { xml: respond('ManageInvoiceResponse', request, { transactionId }), transactionId };
  }

  /**
   * The chain rules for a MODIFY or STORNO, against what NAV accepted so far (and what it holds from elsewhere).
   * The codes are NAV's published ones (validations_en.properties), except MODIFICATION_INDEX_NOT_SEQUENTIAL: the
   * published list has no code for a gap in the indexes (only MODIFICATION_INDEX_NOT_UNIQUE for a repeat).
   */
  function chainChecks(tx: FakeTransaction, lines: Node[], done: FakeTransaction[]): CheckMessage[] {
    const out: CheckMessage[] = [];
    const error = (code: string, detail: string, line?: number) => out.push({ severity: 'ERROR', code, detail, line });
    const number = String(tx.originalInvoiceNumber);
    const members = done.filter((t) => t.operation !== 'CREATE' && t.originalInvoiceNumber === number);
    const master = done.find((t) => t.operation === 'CREATE' && t.invoiceNumber === number);
    const elsewhere = held.get(number);
    const holds = master !== undefined || elsewhere !== undefined;
    if (tx.modifyWithoutMaster && holds) error('MODIFY_WITHOUT_MASTER_MISMATCH', number);
    if (!tx.modifyWithoutMaster && !holds) {
      error('INVALID_INVOICE_REFERENCE', number);
      return out;
    }
    const indexes = [elsewhere?.lastModificationIndex ?? 0, ...members.map((t) => t.modificationIndex ?? 0)];
    const index = tx.modificationIndex ?? 0;
    if (indexes.includes(index)) error('MODIFICATION_INDEX_NOT_UNIQUE', `index ${index} of ${number}`);
    else if (index !== Math.max(...indexes) + 1) error('MODIFICATION_INDEX_NOT_SEQUENTIAL', `index ${index} after ${Math.max(...indexes)} of ${number}`);

    // Without the master NAV knows only the lines the chain's members created.
    const chainLineNumbers = [master, ...members]
      .filter((t): t is FakeTransaction => t !== undefined)
      .flatMap((t) =>
        (parseInvoiceData(t.xml).invoiceMain.invoice.invoiceLines.line as Node[]).map((l) =>
          Number(l.lineModificationReference?.lineNumberReference ?? l.lineNumber),
        ),
      );
    let maxLine = Math.max(elsewhere?.lines ?? 0, 0, ...chainLineNumbers);
    const knowsLines = holds || members.length > 0;
    for (const line of lines) {
      const reference = line.lineModificationReference as Node | undefined;
      const ref = Number(reference?.lineNumberReference);
      const at = Number(line.lineNumber);
      if (reference?.lineOperation === 'CREATE') {
        if (ref <= maxLine) error('INVOICE_LINE_ALREADY_EXISTS', `line ${ref}`, at);
        // "the new line number, as a sequential increment of the existing lines set" (invoiceData.xsd)
        else if (knowsLines && ref !== maxLine + 1) error('INCORRECT_LINE_REFERENCE', `new line ${ref} after ${maxLine}`, at);
        maxLine = Math.max(maxLine, ref);
      } else if (reference?.lineOperation === 'MODIFY' && knowsLines && ref > maxLine) {
        error('INCORRECT_LINE_REFERENCE', `line ${ref} of ${maxLine}`, at);
      }
    }
    return out;
  }

  async function finalize(tx: FakeTransaction): Promise<Final> {
    if (tx.final) return tx.final;
    const schema = await tx.schema;
    let final: Final;
    if (!schema.ok) {
      final = { status: 'ABORTED', business: [], technical: [{ code: 'SCHEMA_VIOLATION', message: schema.errors.split('\n')[0] ?? '' }] };
    } else {
      const business = checkInvoiceData(tx.xml, tx.operation as 'CREATE' | 'MODIFY' | 'STORNO');
      const data = parseInvoiceData(tx.xml);
      const invoice = data.invoiceMain.invoice;
      if (invoice.invoiceHead.supplierInfo.supplierTaxNumber.taxpayerId !== taxNumber) {
        business.push({ severity: 'ERROR', code: 'SUPPLIER_TAX_NUMBER_MISMATCH', detail: 'seller tax number' });
      }
      const done = transactions.filter((t) => t !== tx && t.final?.status === 'DONE');
      if (done.some((t) => t.invoiceNumber === tx.invoiceNumber)) {
        business.push({ severity: 'ERROR', code: 'INVOICE_NUMBER_NOT_UNIQUE', detail: tx.invoiceNumber });
      }
      if (tx.operation !== 'CREATE') business.push(...chainChecks(tx, invoice.invoiceLines.line as Node[], done));
      const abort = aborts.get(tx.invoiceNumber);
      if (abort) business.push(abort);
      const warn = warns.get(tx.invoiceNumber);
      if (warn) business.push(warn);
      final = { status: business.some((m) => m.severity === 'ERROR') ? 'ABORTED' : 'DONE', business, technical: [] };
    }
    tx.final = final;
    return final;
  }

  async function queryTransactionStatus(request: Node): Promise<string> {
    const id = String(request.transactionId);
    const own = transactions.filter((t) => t.transactionId === id);
    if (own.length === 0) return respond('QueryTransactionStatusResponse', request, {});
    const results = [];
    for (const [i, tx] of own.entries()) {
      tx.polls++;
      let status: string;
      let final: Final | undefined;
      if (tx.polls <= pollsBeforeFinal && !tx.final) status = tx.polls === 1 ? 'RECEIVED' : 'PROCESSING';
      else {
        final = await finalize(tx);
        status = final.status;
      }
      results.push({
        index: String(i + 1),
        invoiceStatus: status,
        technicalValidationMessages: final?.technical.map((m) => ({
          'common:validationResultCode': 'ERROR',
          'common:validationErrorCode': m.code,
          'common:message': m.message.slice(0, 1000) || m.code,
        })),
        businessValidationMessages: final?.business.map((m) => ({
          validationResultCode: m.severity,
          validationErrorCode: m.code,
          message: (m.detail || m.code).slice(0, 500),
          pointer: m.line ? { line: String(m.line) } : undefined,
        })),
        compressedContentIndicator: 'false',
        originalRequest: request.returnOriginalRequest === 'true' ? tx.invoiceDataBase64 : undefined,
      });
    }
    return respond('QueryTransactionStatusResponse', request, {
      processingResults: { processingResult: results, originalRequestVersion: '3.0' },
    });
  }

  function queryTransactionList(request: Node): string {
    const from = new Date(request.insDate.dateTimeFrom).getTime();
    const to = new Date(request.insDate.dateTimeTo).getTime();
    const seen = new Set<string>();
    const found = transactions.filter((t) => {
      const at = t.insDate.getTime();
      if (at < from || at > to || seen.has(t.transactionId)) return false;
      seen.add(t.transactionId);
      return true;
    });
    return respond('QueryTransactionListResponse', request, {
      transactionListResult: {
        currentPage: '1',
        availablePage: '1',
        transaction: found.map((t) => ({
          insDate: iso(t.insDate),
          insCusUser: login,
          source: 'MGM',
          transactionId: t.transactionId,
          requestStatus: t.final ? 'FINISHED' : 'RECEIVED',
          technicalAnnulment: 'false',
          originalRequestVersion: '3.0',
          itemCount: String(transactions.filter((x) => x.transactionId === t.transactionId).length),
        })),
      },
    });
  }

  /** NAV's register: a known taxpayer with its data (the seat among its addresses), any other as not valid. */
  function queryTaxpayer(request: Node): string {
    const found = taxpayers[String(request.taxNumber)];
    if (!found) return respond('QueryTaxpayerResponse', request, { taxpayerValidity: 'false' });
    return respond('QueryTaxpayerResponse', request, {
      '@xmlns:base': NS_BASE,
      infoDate: iso(new Date(Date.UTC(2024, 0, 2, 8))),
      taxpayerValidity: 'true',
      taxpayerData: {
        taxpayerName: found.name,
        taxpayerShortName: found.shortName,
        taxNumberDetail: { 'base:taxpayerId': String(request.taxNumber), 'base:vatCode': found.vatCode, 'base:countyCode': found.countyCode },
        incorporation: found.incorporation ?? 'ORGANIZATION',
        vatGroupMembership: found.vatGroupMembership,
        taxpayerAddressList: {
          taxpayerAddressItem: found.addresses.map((a) => ({
            taxpayerAddressType: a.type,
            taxpayerAddress: {
              'base:countryCode': 'HU',
              'base:postalCode': a.postalCode,
              'base:city': a.city,
              'base:streetName': a.streetName,
              'base:publicPlaceCategory': a.publicPlaceCategory,
              'base:number': a.number,
              'base:floor': a.floor,
            },
          })),
        },
      },
    });
  }

  /** The buyer's queries: refused as a test asked, else answered from the inbound store. */
  function inboundQuery(operation: string, request: Node): string {
    if (queriesRefused) throw new NavFault(400, queriesRefused, 'A technikai felhasználó nem jogosult a számlák lekérdezésére');
    if (operation === 'queryInvoiceDigest') {
      const refused = refusedPages.get(Number(request.page));
      if (refused) {
        refusedPages.delete(Number(request.page));
        throw new NavFault(400, refused.code, refused.message);
      }
      return respond('QueryInvoiceDigestResponse', request, inbound.digest(request, taxNumber));
    }
    if (operation === 'queryInvoiceData') return respond('QueryInvoiceDataResponse', request, inbound.data(request, taxNumber, login));
    return respond('QueryInvoiceChainDigestResponse', request, inbound.chain(request, taxNumber));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const operation = (req.url ?? '').replace(/^\/invoiceService\/v3\//, '');
    const call: RecordedCall = { operation, status: 200 };
    const finish = (status: number, xml: string) => {
      call.status = status;
      calls.push(call);
      options.onCall?.(call);
      if (options.validateResponses && xml.startsWith('<?xml') && (schemaChecks.get(operation) ?? 0) <= (options.schemaChecksPerOperation ?? Infinity)) {
        pendingValidations.push(
          validateNavXml('api', xml).then((r) => !r.ok && responseSchemaErrors.push(`${operation}: ${r.errors}`)),
        );
      }
      res.writeHead(status, { 'Content-Type': 'application/xml; charset=UTF-8' }).end(xml);
    };

    if (unavailable || failCount > 0) {
      if (failCount > 0) failCount--;
      call.errorCode = 'UNAVAILABLE';
      return finish(503, 'Service Unavailable');
    }
    if (req.method !== 'POST' || !OPERATIONS[operation]) {
      call.errorCode = 'NOT_FOUND';
      return finish(404, 'Not Found');
    }

    let request: Node | undefined;
    try {
      request = await authenticate(operation, body);
      let xml: string;
      if (operation === 'tokenExchange') xml = tokenExchange(request);
      else if (operation === 'manageInvoice') {
        const result = manageInvoice(request);
        call.transactionId = result.transactionId;
        xml = result.xml;
      } else if (operation === 'queryTransactionStatus') {
        call.transactionId = String(request.transactionId);
        xml = await queryTransactionStatus(request);
      } else if (operation === 'queryTaxpayer') xml = queryTaxpayer(request);
      else if (QUERY_OPERATIONS.has(operation)) xml = inboundQuery(operation, request);
      else xml = queryTransactionList(request);

      if (drops.delete(operation)) {
        // Taken in, then the line goes dead: the client never learns the outcome.
        call.errorCode = 'DROPPED';
        calls.push(call);
        options.onCall?.(call);
        req.socket.destroy();
        return;
      }
      finish(200, xml);
    } catch (error) {
      if (!(error instanceof NavFault)) throw error;
      call.errorCode = error.code;
      finish(error.status, fault(request, error));
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;

  async function stopListening(): Promise<void> {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  return {
    baseUrl: `http://127.0.0.1:${port}/invoiceService/v3`,
    calls,
    transactions,
    responseSchemaErrors,
    async idle() {
      await Promise.all(pendingValidations);
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
    failNext(count) {
      failCount = count;
    },
    dropNextResponse(operation) {
      drops.add(operation);
    },
    abortInvoice(invoiceNumber, code, message) {
      aborts.set(invoiceNumber, { severity: 'ERROR', code, detail: message ?? code });
    },
    holdInvoice(invoiceNumber, h) {
      held.set(invoiceNumber, h);
    },
    warnInvoice(invoiceNumber, code, message) {
      warns.set(invoiceNumber, { severity: 'WARN', code, detail: message ?? code });
    },
    submissions(invoiceNumber) {
      return transactions.filter((t) => t.invoiceNumber === invoiceNumber).length;
    },
    inbound,
    refuseQueries(code) {
      queriesRefused = code;
    },
    refusePage(page, code, message) {
      refusedPages.set(page, { code, message: message ?? code });
    },
    close: stopListening,
  };
}

// NAV's side of the cryptography, written here from the interface specification with node:crypto alone — not with
// Folio's electron/nav/crypto.ts — so that a mistake there (a wrong hash, cipher mode or padding) fails against this
// server instead of agreeing with itself.
function sha512Hex(value: string): string {
  return createHash('sha512').update(value, 'utf8').digest('hex').toUpperCase();
}

function sha3Hex(value: string): string {
  return createHash('sha3-512').update(value, 'utf8').digest('hex').toUpperCase();
}

/** requestId + UTC timestamp as yyyyMMddHHmmss + signature key, then per operation SHA3-512(operation + data). */
function requestSignature(requestId: string, timestamp: Date, signatureKey: string, ops: ReadonlyArray<{ operation: string; invoiceDataBase64: string }>): string {
  const stamp = timestamp.toISOString().slice(0, 19).replace(/[-T:]/g, '');
  return sha3Hex(requestId + stamp + signatureKey + ops.map((op) => sha3Hex(op.operation + op.invoiceDataBase64)).join(''));
}

/** The exchange token as NAV sends it: AES-128-ECB with the exchange key's 16 bytes, PKCS#7 padding, base64. */
function encryptExchangeToken(token: string, exchangeKey: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(exchangeKey, 'utf8'), null);
  return Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
}
