// Validates /v3 answers against Billingo's 3.0.14 OpenAPI description (the version the published clients were
// generated from). The description is OpenAPI 3.0, not JSON Schema: `nullable: true` is translated into JSON Schema
// (null added to the type, the enum, or beside a $ref) before Ajv sees it; the descriptive keywords (example,
// readOnly, deprecated, discriminator) and OpenAPI's numeric formats (float, int32…) are let through by non-strict
// mode and declared formats. 3.0.14 never sets additionalProperties, so objects are open, as its clients read them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The reference folder beside the repository (CI has ../shared too). */
export const V3_REFERENCE_DIR = resolve(process.cwd(), '..', 'shared', 'reference', 'billingo-v3');

type Node = Record<string, unknown>;

/** OpenAPI 3.0's `nullable: true` as JSON Schema, everywhere in a (copied) schema tree. */
export function translateNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(translateNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [k, v] of Object.entries(node as Node)) out[k] = translateNullable(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.$ref === 'string' || out.allOf || out.oneOf || out.anyOf) return { anyOf: [out, { type: 'null' }] };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv {
  if (ajv) return ajv;
  const doc = JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, 'billingo-3.0.14.json'), 'utf8')) as { components: unknown };
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const f of ['float', 'double', 'int32', 'int64']) ajv.addFormat(f, true);
  // only the components: the $refs inside them are "#/components/schemas/…", resolved against this document
  ajv.addSchema({ $id: 'billingo-3.0.14', components: translateNullable(doc.components) }, 'billingo-3.0.14');
  // A path 3.0.14 lacks (GET /documents/{id}/reminders) is answered by 3.0.15's schema, the only one there is.
  const newer = JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, 'billingo-3.0.15.json'), 'utf8')) as { components: unknown };
  ajv.addSchema({ $id: 'billingo-3.0.15', components: translateNullable(newer.components) }, 'billingo-3.0.15');
  return ajv;
}

/** The problems of `value` against `#/components/schemas/<name>` of 3.0.14 (else 3.0.15), as readable lines; empty when valid. */
export function v3SchemaErrors(name: string, value: unknown): string[] {
  // "Name[]": a bare array of Name (v3's payment history is answered so)
  if (name.endsWith('[]')) {
    if (!Array.isArray(value)) return ['(root) must be an array'];
    return value.flatMap((item, i) => v3SchemaErrors(name.slice(0, -2), item).map((e) => `[${i}] ${e}`));
  }
  let validate = compiled.get(name);
  if (!validate) {
    validate =
      instance().getSchema(`billingo-3.0.14#/components/schemas/${name}`) ?? instance().getSchema(`billingo-3.0.15#/components/schemas/${name}`);
    if (!validate) throw new Error(`neither 3.0.14 nor 3.0.15 has a schema ${name}`);
    compiled.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
