// v3's list envelope {data, total, per_page, current_page, last_page, prev_page_url, next_page_url}: per_page 25 by
// default, at most 100; an empty `q=` (which the published clients send unasked) is no filter.
import type { FastifyRequest } from 'fastify';
import type { Page } from '../../../shared/contract/operations';
import { v3Invalid } from './errors';

export const V3_DEFAULT_PER_PAGE = 25;
export const V3_MAX_PER_PAGE = 100;
/** The core's own page size limit (v2's 50): a v3 page is gathered from the core's pages. */
const CORE_PAGE = 50;

export interface V3List<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  /** 3.0.14 types these as plain strings (not nullable): an absent page is the empty string */
  prev_page_url: string;
  next_page_url: string;
}

function positiveInt(raw: unknown, field: string, fallback: number, max?: number): number {
  if (raw === undefined || raw === '') return fallback;
  const s = String(raw);
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1) throw v3Invalid(field, 'must be a whole number from 1');
  const n = Number(s);
  return max !== undefined ? Math.min(n, max) : n;
}

export function pagingOf(req: FastifyRequest): { page: number; perPage: number } {
  const q = req.query as Record<string, unknown>;
  return { page: positiveInt(q.page, 'page', 1), perPage: positiveInt(q.per_page, 'per_page', V3_DEFAULT_PER_PAGE, V3_MAX_PER_PAGE) };
}

/** The search text: v3 names it `query` (partners, products) or `q` (spendings); blank means no filter. */
export function searchOf(req: FastifyRequest): string | undefined {
  const q = req.query as Record<string, unknown>;
  const raw = q.query ?? q.q;
  const text = typeof raw === 'string' ? raw.trim() : undefined;
  return text ? text : undefined;
}

/** Every item of a core list, gathered page by page (the core pages by 50 and tells only whether more follow). */
export async function allPages<T>(list: (page: number, perPage: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const p = await list(page, CORE_PAGE);
    items.push(...p.items);
    if (!p.has_more) return items;
  }
}

function pageUrl(req: FastifyRequest, page: number): string {
  const [path, query = ''] = req.url.split('?');
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  return `${req.protocol}://${req.host}${path}?${params.toString()}`;
}

export function envelope<T, R>(req: FastifyRequest, items: T[], map: (item: T) => R): V3List<R> {
  const { page, perPage } = pagingOf(req);
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    data: items.slice((page - 1) * perPage, page * perPage).map(map),
    total,
    per_page: perPage,
    current_page: page,
    last_page: lastPage,
    prev_page_url: page > 1 ? pageUrl(req, Math.min(page - 1, lastPage)) : '',
    next_page_url: page < lastPage ? pageUrl(req, page + 1) : '',
  };
}
