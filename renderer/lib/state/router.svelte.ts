// Hash routing without a router library: '#/invoices/12?tab=x'. The hash keeps the app a single file set that
// works from app://, from packaged files and from the HTTP server's '/', and back/forward just work.
import { href, parseRoute, readHash } from '../routes';

export type { Route } from '../routes';
export { href, parseRoute } from '../routes';

class Router {
  path = $state('/');
  query = $state(new URLSearchParams());
  route = $derived(parseRoute(this.path));

  constructor() {
    this.sync();
    window.addEventListener('hashchange', () => this.sync());
  }

  private sync(): void {
    const { path, query } = readHash();
    this.path = path;
    this.query = query;
  }

  go(path: string, query?: Record<string, string | number | undefined | null>): void {
    const next = href(path, query);
    if (location.hash === next) this.sync();
    else location.hash = next;
  }

  /** Changes the URL without a new history entry (filters typed into a search box). */
  replace(path: string, query?: Record<string, string | number | undefined | null>): void {
    history.replaceState(history.state, '', href(path, query));
    this.sync();
  }
}

export const router = new Router();
