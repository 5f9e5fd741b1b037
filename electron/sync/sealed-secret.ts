// The secrets the device keeps for sync — the remote's API key and this device's token — are stored sealed when a
// SecretBox is given (the desktop passes the OS keychain's): `sealed:` + the box's output. Without a box (plain Node
// without a box, which only an embedding without one has: serve uses FOLIO_SECRET_KEY or its key file) they are
// stored as given.
import type { SecretBox } from '../secrets/secret-box';
import { SyncError } from './errors';

const SEALED = 'sealed:';

export function sealSecret(box: SecretBox | undefined, plain: string): string {
  return box ? SEALED + box.encrypt(plain) : plain;
}

/** The stored secret in plain text; `what` names it in the error the user sees when it cannot be opened here. */
export function openSecret(box: SecretBox | undefined, stored: string, what: { name: string; fix: string }): string {
  if (!stored.startsWith(SEALED)) return stored;
  if (!box) throw new SyncError('auth', `The stored ${what.name} was sealed by another setup of Folio; ${what.fix}`);
  try {
    return box.decrypt(stored.slice(SEALED.length));
  } catch {
    throw new SyncError('auth', `The stored ${what.name} cannot be opened on this computer; ${what.fix}`);
  }
}
