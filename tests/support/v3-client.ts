// The /v3 door as the tests call it: every answer's status checked and its body validated against the 3.0.14 schema
// named, so no test reads an answer it has not also checked for shape.
import { expect } from '@playwright/test';
import type { ApiClient, ApiResponse, Json, Method, RequestOptions } from './api-client';
import { v3SchemaErrors } from './v3-schema';

/** Sends a /v3 request and checks the answer's status and its 3.0.14 schema (none for 204). */
export async function v3(
  api: ApiClient,
  method: Method,
  path: string,
  expected: { status: number; schema?: string },
  options: RequestOptions = {},
): Promise<ApiResponse & { body: Json }> {
  const res = await api.request(method, `/v3${path}`, options);
  expect(res.status, `${method} /v3${path}: ${res.text.slice(0, 1500)}`).toBe(expected.status);
  if (expected.schema) {
    expect(res.headers.get('content-type') ?? '').toContain('application/json');
    expect(v3SchemaErrors(expected.schema, res.body), `${expected.schema}: ${res.text.slice(0, 1500)}`).toEqual([]);
  } else {
    expect(res.text).toBe('');
  }
  return res;
}

let seq = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now().toString(36)}-${++seq}`;

/** A v3 Partner body with a unique name, a valid Hungarian tax number and a full address. */
export function partnerBody(over: Record<string, unknown> = {}) {
  return {
    name: unique('Partner Kft.'),
    address: { country_code: 'HU', post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' },
    emails: ['szamla@example.com'],
    taxcode: '12345676-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    ...over,
  };
}
