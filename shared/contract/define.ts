// How an operation is declared: its name, input schema, output type and, where the interface has one, its HTTP
// binding. operations.ts and the per-area tables (areas/) use these helpers, so every door reads one shape.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the REST door wraps an operation's output:
 * - data: `{success, type, data: output}`; list: `{success, type, data: output.items}`;
 * - success: `{success: true}`; id: `{success: true, id: output.id}`; pdf: the bytes as application/pdf;
 * - file: a DownloadFile (areas/einvoice.ts) as its own content type, named for saving.
 */
export type Reply = 'data' | 'list' | 'success' | 'id' | 'pdf' | 'file';

export interface HttpBinding {
  method: HttpMethod;
  /** fastify-style path; path parameters merge into the input */
  paths: readonly string[];
  type?: string;
  reply: Reply;
  /** input this door always sets, over whatever the request says (the v2 door's `v2_only`: see invoice-codes.ts) */
  fixed?: Readonly<Record<string, unknown>>;
  /** the body may also be a file itself, of these content types; it reaches the operation base64-encoded in `field` */
  fileBody?: { field: string; types: readonly string[] };
}

export interface OperationDef<I extends z.ZodType = z.ZodType, O = unknown> {
  name: string;
  summary: string;
  input: I;
  http?: HttpBinding;
  /** phantom: carries the output type for the typed clients */
  readonly output?: O;
}

export function op<O>() {
  return <I extends z.ZodType>(def: Omit<OperationDef<I, O>, 'output'>): OperationDef<I, O> => def;
}

export const get = (paths: string | string[], reply: Reply, type?: string): HttpBinding => ({
  method: 'GET',
  paths: ([] as string[]).concat(paths),
  reply,
  ...(type ? { type } : {}),
});
export const post = (paths: string | string[], reply: Reply, type?: string): HttpBinding => ({
  ...get(paths, reply, type),
  method: 'POST',
});
export const put = (paths: string | string[], reply: Reply, type?: string): HttpBinding => ({
  ...get(paths, reply, type),
  method: 'PUT',
});
export const del = (paths: string | string[], reply: Reply, type?: string): HttpBinding => ({
  ...get(paths, reply, type),
  method: 'DELETE',
});

