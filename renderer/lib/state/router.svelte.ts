// Hash routing without a router library: '#/invoices/12?tab=x'. The hash keeps the app a single file set that
// works from app://, from packaged files and from the HTTP server's '/', and back/forward just work.
// Leaving an editor with unsaved changes asks first (unsaved.svelte.ts): links and router.go() ask before the hash
// changes; back/forward have already moved it, so the router moves back, asks, and moves on again if told to.
import { href, parseRoute, readHash } from '../routes';
import { unsaved } from './unsaved.svelte';

export type { Route } from '../routes';
export { href, parseRoute } from '../routes';

/** Where each history entry of this tab sits, kept in history.state, so a back/forward can be undone by its step. */
const INDEX_KEY = 'folioIndex';

function entryIndex(): number | undefined {
  const value = (history.state as Record<string, unknown> | null)?.[INDEX_KEY];
  return typeof value === 'number' ? value : undefined;
}

function stampEntry(index: number): void {
  const state = history.state && typeof history.state === 'object' ? history.state : {};
  history.replaceState({ ...state, [INDEX_KEY]: index }, '');
}

class Router {
  path = $state('/');
  query = $state(new URLSearchParams());
  route = $derived(parseRoute(this.path));
  /** the position of the entry on view */
  private index = 0;
  /** a step back to the editor is under way: its hashchange is not a navigation */
  private undoing = false;
  /** a step the user confirmed is under way: its hashchange is not asked again */
  private confirmed = false;

  constructor() {
    this.index = entryIndex() ?? 0;
    stampEntry(this.index);
    this.sync();
    window.addEventListener('hashchange', () => this.onHashChange());
    // Capture: decided before the browser follows the link.
    document.addEventListener('click', (e) => this.onLinkClick(e), true);
  }

  private sync(): void {
    const { path, query } = readHash();
    this.path = path;
    this.query = query;
  }

  private onHashChange(): void {
    let index = entryIndex();
    // An entry without a stamp is new: a followed link, or an address typed in.
    if (index === undefined) {
      index = this.index + 1;
      stampEntry(index);
    }
    const step = index - this.index;
    if (this.undoing) {
      this.undoing = false;
      this.index = index;
      return;
    }
    if (step !== 0 && !this.confirmed && unsaved.dirty) {
      this.undoing = true;
      history.go(-step);
      void unsaved.confirmLeave().then((leave) => {
        if (!leave) return;
        this.confirmed = true;
        history.go(step);
      });
      return;
    }
    this.confirmed = false;
    this.index = index;
    this.sync();
  }

  private onLinkClick(e: MouseEvent): void {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element | null)?.closest?.('a[href^="#/"]');
    const target = link?.getAttribute('href');
    if (!target || link?.getAttribute('target') || target === location.hash || !unsaved.dirty) return;
    e.preventDefault();
    void this.leaveTo(target);
  }

  private async leaveTo(hash: string): Promise<void> {
    if (!(await unsaved.confirmLeave())) return;
    if (location.hash === hash) this.sync();
    else location.hash = hash;
  }

  go(path: string, query?: Record<string, string | number | undefined | null>): void {
    const next = href(path, query);
    if (location.hash === next) this.sync();
    else void this.leaveTo(next);
  }

  /** Changes the URL without a new history entry (filters typed into a search box). */
  replace(path: string, query?: Record<string, string | number | undefined | null>): void {
    history.replaceState(history.state, '', href(path, query));
    this.sync();
  }
}

export const router = new Router();
