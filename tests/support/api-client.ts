// A small HTTP client for the REST door, used by the API tests (and free for any other suite): real `fetch` to a
// real server, the API key sent by default, and every answer read as text first so a broken body is still seen.

/** The parsed JSON body of an answer. Tests read fields freely, so it is loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** the raw body text */
  text: string;
  /** the parsed JSON body, or undefined when the body is not JSON */
  body: Json;
}

export interface RequestOptions {
  /** a JSON value (serialised here), or a string sent as it is */
  body?: unknown;
  /** query parameters; undefined values are left out */
  query?: Record<string, string | number | boolean | undefined>;
  /** extra headers; `null` removes a default one (for example the API key) */
  headers?: Record<string, string | null>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The same server with other default headers (another key, no key, a JWT). */
  withHeaders(headers: Record<string, string>): ApiClient {
    return new ApiClient(this.baseUrl, headers);
  }

  url(path: string, query?: RequestOptions['query']): string {
    const u = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.append(k, String(v));
    return u.toString();
  }

  async request(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...this.defaultHeaders };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    for (const [k, v] of Object.entries(options.headers ?? {})) {
      for (const existing of Object.keys(headers)) if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
      if (v !== null) headers[k] = v;
    }
    const res = await fetch(this.url(path, options.query), { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: Json;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  }

  get(path: string, query?: RequestOptions['query'], options: Omit<RequestOptions, 'query'> = {}) {
    return this.request('GET', path, { ...options, ...(query ? { query } : {}) });
  }

  post(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) {
    return this.request('POST', path, { ...options, ...(body !== undefined ? { body } : {}) });
  }

  put(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) {
    return this.request('PUT', path, { ...options, ...(body !== undefined ? { body } : {}) });
  }

  delete(path: string, options: RequestOptions = {}) {
    return this.request('DELETE', path, options);
  }

  /** Like request, but fails with the whole answer in the message unless the status is 200 and success is true. */
  async ok(method: Method, path: string, options: RequestOptions = {}): Promise<Json> {
    const res = await this.request(method, path, options);
    if (res.status !== 200 || res.body?.success !== true) {
      throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 2000)}`);
    }
    return res.body;
  }
}
