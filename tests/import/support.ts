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

/** Every record a list operation pages through (clients.list, products.list through /rpc), newest first. */
async function everyPage(s: TestServer, name: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await rpc(s, name, { page, max_per_page: 50 });
    items.push(...answer.items);
    if (!answer.has_more) return items;
  }
}

export const allClients = (s: TestServer) => everyPage(s, 'clients.list');
export const allProducts = (s: TestServer) => everyPage(s, 'products.list');

export const byName = (items: Json[], name: string) => items.find((c) => c.attributes.name === name)?.attributes;
