// A paged, searchable list (clients, products, expenses): one page in memory, has_more for "next", and answers
// to older requests dropped so a fast typist sees the results of what they typed last.
import type { Page } from '../../../shared/contract/operations';
import { asApiError, type ApiError } from '../api/errors';

export class PagedList<T> {
  items = $state<T[]>([]);
  page = $state(1);
  hasMore = $state(false);
  loading = $state(true);
  loaded = $state(false);
  error = $state<ApiError | null>(null);
  q = $state('');
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly fetchPage: (page: number, q: string) => Promise<Page<T>>) {}

  async load(page = this.page): Promise<void> {
    const mine = ++this.seq;
    this.loading = true;
    this.error = null;
    try {
      const result = await this.fetchPage(page, this.q.trim());
      if (mine !== this.seq) return;
      this.items = result.items;
      this.page = result.page;
      this.hasMore = result.has_more;
      this.loaded = true;
    } catch (e) {
      if (mine === this.seq) this.error = asApiError(e);
    } finally {
      if (mine === this.seq) this.loading = false;
    }
  }

  /** Call on every keystroke of the search box. */
  searchSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.load(1), 220);
  }
}
