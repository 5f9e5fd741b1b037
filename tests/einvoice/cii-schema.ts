// The UN/CEFACT CII D16B schema check of the tests, with libxml2 built to WebAssembly (xmllint-wasm, a dev
// dependency), so no xmllint needs to be installed. The schema is the reference copy beside the checkout.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { CII_SCHEMA_DIR } from './reference';

const DIR = join(CII_SCHEMA_DIR, 'data', 'standard');
const ENTRY = 'CrossIndustryInvoice_100pD16B.xsd';
const IMPORTED = [
  'CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd',
  'CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd',
  'CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd',
];

let files: { entry: { fileName: string; contents: string }; preload: Array<{ fileName: string; contents: string }> } | undefined;

export async function validateCiiSchema(xml: string): Promise<{ ok: boolean; errors: string }> {
  files ??= {
    entry: { fileName: ENTRY, contents: readFileSync(join(DIR, ENTRY), 'utf8') },
    preload: IMPORTED.map((fileName) => ({ fileName, contents: readFileSync(join(DIR, fileName), 'utf8') })),
  };
  const result = await validateXML({ xml: [{ fileName: 'invoice.xml', contents: xml }], schema: [files.entry], preload: files.preload, maxMemoryPages: 1024 });
  return { ok: result.valid, errors: result.valid ? '' : result.rawOutput.trim() };
}
