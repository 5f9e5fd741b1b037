// Which door a request of the companies server goes to (docs/companies.md). A request names its company by the path
// prefix `/c/<slug>/` (an interface client configured with the base URL …/c/acme works unchanged) or by the header
// X-Folio-Company; with neither, an account granted exactly one company gets that one. The directory's routes, the
// clock and the UI's files belong to no company. A company the caller may not reach is answered exactly as one that
// does not exist: 404 to anyone the directory knows, 401 to anyone else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { FolioError } from '../../shared/errors';
import { SLUG_PATTERN } from '../../shared/directory';
import type { AuthConfig } from '../server/auth';
import { hostNameOf } from '../server/host-check';
import { setMountPath } from '../server/mount';
import type { Company, DirectoryStore } from '../directory/store';
import { identify, type Identity } from './identity';

export type Route = { to: 'directory' } | { to: 'company'; company: Company } | { to: 'refused'; error: FolioError };

export interface DispatchOptions {
  store: DirectoryStore;
  auth: AuthConfig;
  allowedHosts: ReadonlySet<string>;
  uiDir?: string;
}

/** The same answer for a company that does not exist and one the caller was not granted. */
const noSuchCompany = (slug: string) => new FolioError('not_found', `No company ${JSON.stringify(slug)} here`);

/** The company a request names and its URL inside that company's door (the prefix taken off). */
export function namedCompany(req: IncomingMessage): { slug: string | undefined; url: string } {
  const url = req.url ?? '/';
  const m = /^\/c\/([^/?#]*)(.*)$/.exec(url);
  if (m) {
    const rest = m[2] ?? '';
    return { slug: decodeURIComponent(m[1]!), url: rest.startsWith('/') ? rest : `/${rest}` };
  }
  const header = req.headers['x-folio-company'];
  return { slug: typeof header === 'string' && header.trim() ? header.trim() : undefined, url };
}

/** A file of the built UI (or its index): it carries no data and belongs to no company. */
function isUiFile(uiDir: string | undefined, method: string | undefined, path: string): boolean {
  if (!uiDir || (method !== 'GET' && method !== 'HEAD')) return false;
  if (path === '/') return true;
  let file: string;
  try {
    file = normalize(join(uiDir, decodeURIComponent(path)));
  } catch {
    return false;
  }
  return file.startsWith(uiDir) && existsSync(file) && statSync(file).isFile();
}

export async function route(req: IncomingMessage, options: DispatchOptions): Promise<Route> {
  const host = hostNameOf(req.headers.host);
  if (host === undefined || !options.allowedHosts.has(host)) return { to: 'directory' }; // its own host check answers 421
  const named = namedCompany(req);
  req.url = named.url;
  const path = named.url.split('?')[0]!;
  if (path === '/time' || path.startsWith('/directory/') || path === '/directory' || isUiFile(options.uiDir, req.method, path)) return { to: 'directory' };

  const identity = await identify(req.headers, options.auth, options.store);
  const slug = named.slug ?? (await onlyCompany(identity, options.store));
  if (typeof slug !== 'string') return { to: 'refused', error: slug };
  // Links the company's door makes (share links) lead back to this company, however the request named it.
  setMountPath(req, `/c/${encodeURIComponent(slug)}`);

  const company = SLUG_PATTERN.test(slug) ? await options.store.company(slug) : undefined;
  const shareLink = path.startsWith('/access/');
  if (!company) {
    if (shareLink) return { to: 'refused', error: new FolioError('not_found', 'No invoice is shared under this link') };
    return { to: 'refused', error: identity ? noSuchCompany(slug) : unauthorized() };
  }
  if (identity?.kind === 'account' && !(await options.store.grant(identity.account.id, company.id))) {
    return { to: 'refused', error: noSuchCompany(slug) };
  }
  return { to: 'company', company };
}

const unauthorized = () => new FolioError('unauthorized', 'Missing or wrong API key (X-API-KEY header or Authorization: Bearer <JWT>)');

/** With no company named: the caller's only company, or a refusal that lists theirs. */
async function onlyCompany(identity: Identity, store: DirectoryStore): Promise<string | FolioError> {
  if (!identity) {
    // Not a key of the directory: a company's own user's key works only with its company named.
    return new FolioError('unauthorized', "Missing or wrong API key; a company's own user's key needs the company named (path /c/<company>/ or the X-Folio-Company header)");
  }
  const slugs = identity.kind === 'administrator' ? (await store.companies()).map((c) => c.slug) : (await store.grants(identity.account.id)).map((g) => g.company.slug);
  if (slugs.length === 1) return slugs[0]!;
  const message = slugs.length
    ? `Name the company with the path /c/<company>/ or the X-Folio-Company header; yours: ${slugs.join(', ')}`
    : 'No company is granted to this key';
  return new FolioError('bad_request', message, [{ field: 'company', message: slugs.length ? `must be one of ${slugs.join(', ')}` : 'no company is granted' }]);
}

export function sendRefusal(res: ServerResponse, error: FolioError): void {
  const body = JSON.stringify(error.toEnvelope());
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
