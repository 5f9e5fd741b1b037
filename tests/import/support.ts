// Calling the import over the real HTTP door the UI uses (POST /rpc/<operation>), and reading back what Folio holds.
import type { TestServer } from '../support/fixtures';
import type { ApiResponse, Json } from '../support/api-client';

export const b64 = (bytes: Buffer) => bytes.toString('base64');

export async function rpc(s: TestServer, name: string, input: unknown): Promise<Json> {
  return (await s.api.ok('POST', `/rpc/${name}`, { body: input })).data;
}

export const rpcRaw = (s: TestServer, name: string, input: unknown): Promise<ApiResponse> => s.api.post(`/rpc/${name}`, input);

/** analyze with the detected settings and mapping, then the plan's input for preview and run. */
export async function analyzed(s: TestServer, kind: 'clients' | 'products', file: Buffer, extra: Record<string, unknown> = {}) {
  const analysis = await rpc(s, 'import.analyze', { kind, file: b64(file) });
  const input = { kind, file: b64(file), encoding: analysis.encoding, separator: analysis.separator, mapping: analysis.mapping, ...extra };
  return { analysis, input };
}

/** Every client Folio lists (clients.list through /rpc), newest first. */
export async function allClients(s: TestServer): Promise<Json[]> {
  return (await rpc(s, 'clients.list', { max_per_page: 100_000 })).items;
}

export async function allProducts(s: TestServer): Promise<Json[]> {
  return (await rpc(s, 'products.list', { max_per_page: 100_000 })).items;
}

export const byName = (items: Json[], name: string) => items.find((c) => c.attributes.name === name)?.attributes;
