// Validation against NAV's official XSDs (a copy in tests/nav/reference/) with libxml2's xmllint: the xmllint on PATH
// when there is one, else the same libxml2 built to WebAssembly (xmllint-wasm, a dev dependency), so that the tests
// need nothing installed. FOLIO_TEST_XMLLINT=wasm forces the WebAssembly build, to prove that path works.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

export const NAV_REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference');

export type SchemaKind = 'data' | 'api' | 'annulment';

export interface SchemaResult {
  ok: boolean;
  errors: string;
  /** which xmllint judged: the binary on PATH or the WebAssembly build */
  by: 'xmllint' | 'xmllint-wasm';
}

export async function validateNavXml(kind: SchemaKind, xml: string): Promise<SchemaResult> {
  return xmllintOnPath() ? validateWithBinary(kind, xml) : validateWithWasm(kind, xml);
}

function xmllintOnPath(): string | undefined {
  if (process.env.FOLIO_TEST_XMLLINT === 'wasm') return undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (existsSync(join(dir, 'xmllint'))) return join(dir, 'xmllint');
  }
  return undefined;
}

async function validateWithBinary(kind: SchemaKind, xml: string): Promise<SchemaResult> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-nav-'));
  const file = join(dir, `${kind}.xml`);
  try {
    await writeFile(file, xml, 'utf8');
    const schema = join(NAV_REFERENCE_DIR, `check-${kind}.xsd`);
    return await new Promise<SchemaResult>((resolve) => {
      // optional accelerator; npm fall-back: xmllint-wasm (validateWithWasm)
      execFile('xmllint', ['--noout', '--nonet', '--schema', schema, file], { timeout: 30_000 }, (error, _stdout, stderr) => {
        // xmllint says "<file> validates" on success; only failures leave messages worth showing.
        resolve({ ok: !error, errors: error ? stderr.replaceAll(file, kind).trim() : '', by: 'xmllint' });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SCHEMA_FILES = ['common.xsd', 'invoiceBase.xsd', 'invoiceData.xsd', 'invoiceApi.xsd', 'invoiceAnnulment.xsd'];
let schemaFiles: { fileName: string; contents: string }[] | undefined;

async function validateWithWasm(kind: SchemaKind, xml: string): Promise<SchemaResult> {
  // The WebAssembly xmllint reads no disk: the entry point's imports must be handed to it by file name.
  schemaFiles ??= SCHEMA_FILES.map((fileName) => ({ fileName, contents: readFileSync(join(NAV_REFERENCE_DIR, fileName), 'utf8') }));
  const entry = `check-${kind}.xsd`;
  const result = await validateXML({
    xml: [{ fileName: kind, contents: xml }],
    schema: [{ fileName: entry, contents: readFileSync(join(NAV_REFERENCE_DIR, entry), 'utf8') }],
    preload: schemaFiles,
    // The API schema is large: the default 32 MiB is not enough to load it.
    maxMemoryPages: 1024,
  });
  return { ok: result.valid, errors: result.valid ? '' : result.rawOutput.trim(), by: 'xmllint-wasm' };
}
