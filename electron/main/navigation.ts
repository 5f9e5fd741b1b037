// Navigation guard decisions. The window only ever shows the app: in-app routes change the hash, which is not a
// navigation; anything else (a dropped file, a link without target, a script setting location) is refused.
// Requests for new windows are always denied; an allow-listed https link goes to the user's browser instead.
import { isAllowedExternalUrl } from './external-links';
import { isAppUrl } from './origins';

export type NavigationDecision = 'allow' | 'deny';

export function navigationDecision(url: string, origins: readonly string[]): NavigationDecision {
  return isAppUrl(url, origins) ? 'allow' : 'deny';
}

export interface WindowOpenDecision {
  action: 'deny';
  /** set when the URL should be handed to the system browser */
  openExternal?: string;
}

export function windowOpenDecision(url: string): WindowOpenDecision {
  return isAllowedExternalUrl(url) ? { action: 'deny', openExternal: url } : { action: 'deny' };
}
