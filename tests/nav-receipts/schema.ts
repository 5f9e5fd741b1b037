// Validation against NAV's receipt interface schema (reference/) with libxml2: the xmllint on PATH when there is
// one, else its WebAssembly build (xmllint-wasm), as tests/nav/schema.ts does for Online Számla.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

export const RECEIPT_REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference');
const ENTRY = 'receipt-if-schema.xsd';
const COMMON = ['string.xsd', 'type.xsd', 'customer.xsd', 'paging.xsd', 'service.xsd', 'authservice.xsd'];

export interface SchemaResult {
  ok: boolean;
  errors: string;
}

function xmllintOnPath(): boolean {
  if (process.env.FOLIO_TEST_XMLLINT === 'wasm') return false;
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, 'xmllint')));
}

let preload: { fileName: string; contents: string }[] | undefined;

export async function validateReceiptXml(xml: string): Promise<SchemaResult> {
  if (xmllintOnPath()) {
    const dir = await mkdtemp(join(tmpdir(), 'folio-receipt-'));
    const file = join(dir, 'request.xml');
    try {
      await writeFile(file, xml, 'utf8');
      return await new Promise<SchemaResult>((resolve) => {
        // optional accelerator; npm fall-back: xmllint-wasm (below)
        execFile('xmllint', ['--noout', '--nonet', '--schema', join(RECEIPT_REFERENCE_DIR, ENTRY), file], { timeout: 30_000 }, (error, _o, stderr) =>
          resolve({ ok: !error, errors: error ? stderr.trim() : '' }),
        );
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  // The WebAssembly xmllint reads no disk: the imports are handed to it under the names the schema gives them.
  preload ??= COMMON.map((name) => ({ fileName: `common/${name}`, contents: readFileSync(join(RECEIPT_REFERENCE_DIR, 'common', name), 'utf8') }));
  const result = await validateXML({
    xml: [{ fileName: 'request.xml', contents: xml }],
    schema: [{ fileName: ENTRY, contents: readFileSync(join(RECEIPT_REFERENCE_DIR, ENTRY), 'utf8') }],
    preload,
    maxMemoryPages: 1024,
  });
  return { ok: result.valid, errors: result.valid ? '' : result.rawOutput.trim() };
}
