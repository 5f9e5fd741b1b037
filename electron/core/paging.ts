// Paging of the interface: page from 1, max_per_page default 20, capped at 50 (docs/design.md §8).
import type { Page } from '../../shared/contract/operations';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;

export interface PageWindow {
  page: number;
  perPage: number;
  offset: number;
}

export function pageWindow(input: { page?: number | undefined; max_per_page?: number | undefined }): PageWindow {
  const page = input.page ?? 1;
  const perPage = Math.min(input.max_per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}

/** Rows were fetched with limit perPage + 1: the extra row only tells whether a next page exists. */
export function toPage<R, T>(rows: R[], w: PageWindow, map: (r: R) => T): Page<T> {
  return {
    items: rows.slice(0, w.perPage).map(map),
    page: w.page,
    max_per_page: w.perPage,
    has_more: rows.length > w.perPage,
  };
}
