// Validates /v3 answers against Billingo's 3.0.14 OpenAPI description (the version the published clients were
// generated from). The description is OpenAPI 3.0: a schema's `nullable: true` is Ajv's own OpenAPI keyword (it lets
// null through beside the `type`), the descriptive keywords (example, readOnly, deprecated) and the numeric formats
// (float, int32) are not JSON Schema's, so Ajv runs in non-strict mode with those formats declared.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The reference folder beside the repository (CI has ../shared too). */
export const V3_REFERENCE_DIR = resolve(process.cwd(), '..', 'shared', 'reference', 'billingo-v3');

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv {
  if (ajv) return ajv;
  const doc = JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, 'billingo-3.0.14.json'), 'utf8')) as {
    components: { schemas: Record<string, unknown> };
  };
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const f of ['float', 'double', 'int32', 'int64']) ajv.addFormat(f, true);
  // only the components: the $refs inside them are "#/components/schemas/…", resolved against this document
  ajv.addSchema({ $id: 'billingo-3.0.14', components: doc.components }, 'billingo-3.0.14');
  return ajv;
}

export function schemaNames(): string[] {
  instance();
  const doc = JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, 'billingo-3.0.14.json'), 'utf8')) as { components: { schemas: object } };
  return Object.keys(doc.components.schemas);
}

/** The problems of `value` against `#/components/schemas/<name>` of 3.0.14, as readable lines; empty when valid. */
export function v3SchemaErrors(name: string, value: unknown): string[] {
  let validate = compiled.get(name);
  if (!validate) {
    validate = instance().getSchema(`billingo-3.0.14#/components/schemas/${name}`);
    if (!validate) throw new Error(`3.0.14 has no schema ${name}`);
    compiled.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
