// The path a company's door is mounted under on a server of several companies (`/c/<slug>`, docs/companies.md):
// the companies server takes it off the request's URL before the door sees it, and notes it here so that a link
// the door makes for the outside (a share link) leads back to the same company.
import type { IncomingMessage } from 'node:http';

const mounts = new WeakMap<IncomingMessage, string>();

export function setMountPath(req: IncomingMessage, path: string): void {
  mounts.set(req, path);
}

/** '' on a single-company server. */
export function mountPath(req: IncomingMessage): string {
  return mounts.get(req) ?? '';
}
