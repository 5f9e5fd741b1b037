// NAV's error codes (and Folio's transport codes, electron/nav/transport.ts) as the reasons the settings screen
// words: what is wrong with the technical user, or with the way to NAV. One table, used by the connection check
// and by the queue view for a report waiting on a problem.
import type { NavCheckReason } from '../../shared/contract/areas/nav';

const REASONS: Record<string, NavCheckReason> = {
  // the login or the password (NAV does not say which)
  INVALID_SECURITY_USER: 'wrong_login',
  INVALID_USER: 'wrong_login',
  NOT_REGISTERED_USER: 'wrong_login',
  INVALID_REQUEST_SIGNATURE: 'wrong_signing_key',
  // the user exists but may not report for this taxpayer, or not this operation
  INVALID_USER_RELATION: 'not_authorised',
  FORBIDDEN: 'not_authorised',
  NOT_REGISTERED_CUSTOMER: 'tax_number_unknown',
  INVALID_CUSTOMER: 'tax_number_unknown',
  INVALID_TIMESTAMP: 'clock',
  NETWORK_ERROR: 'unreachable',
  SERVER_ERROR: 'nav_unavailable',
  MAINTENANCE: 'nav_unavailable',
  OPERATION_FAILED: 'nav_unavailable',
  // Folio's own code for a token its exchange key cannot open (the check; the sender fails the same way)
  EXCHANGE_KEY_MISMATCH: 'wrong_exchange_key',
};

export function navReasonOf(code: string): NavCheckReason {
  return REASONS[code] ?? 'nav_error';
}
