// Which Host header values the HTTP door answers to. A page on another site can point its own host name at
// 127.0.0.1 (DNS rebinding) and then read the door as "same origin" through the visitor's browser; its requests
// still carry that foreign name in Host, so answering only to the names the server is really reached by stops it.
import { networkInterfaces } from 'node:os';

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];
const WILDCARD = ['0.0.0.0', '::', ''];

/** The host part of a Host header, lower-cased, without the port and the IPv6 brackets; undefined if unreadable. */
export function hostNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  const m = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(value) ?? /^([^:[\]]+)(?::\d+)?$/.exec(value);
  return m ? m[1]!.replace(/\.$/, '') : undefined;
}

/**
 * The names the door answers to: the loopback names, the address it is bound to (every address of this machine
 * when bound to all of them) and the public names it was configured with (`--public-host`).
 */
export function allowedHostNames(boundHost: string | undefined, publicHosts: readonly string[] = []): Set<string> {
  const names = new Set(LOOPBACK);
  const bound = (boundHost ?? '').trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (WILDCARD.includes(bound)) {
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.add(a.address.toLowerCase());
  } else {
    names.add(bound);
  }
  for (const h of publicHosts) {
    const name = hostNameOf(h);
    if (name) names.add(name);
  }
  return names;
}
