// The FOLIO_NAV_* variables as the settings screen shows them: a server configured by its environment keeps it,
// and the environment takes precedence over what is saved on the screen. Secrets are never shown.
import type { NavEnvironmentSettings } from '../../shared/contract/areas/nav';
import { navSystemOf } from './systems';

/** The six variables navCredentialsFromEnv needs; reporting from the environment is on only when all are set. */
export const NAV_ENV_NAMES = [
  'FOLIO_NAV_LOGIN',
  'FOLIO_NAV_PASSWORD',
  'FOLIO_NAV_TAX_NUMBER',
  'FOLIO_NAV_SIGNATURE_KEY',
  'FOLIO_NAV_EXCHANGE_KEY',
  'FOLIO_NAV_URL',
] as const;

export function navEnvironmentView(env: Record<string, string | undefined>): {
  environment: NavEnvironmentSettings | null;
  missing: string[];
} {
  const missing = NAV_ENV_NAMES.filter((name) => !env[name]);
  if (missing.length === NAV_ENV_NAMES.length) return { environment: null, missing: [] };
  if (missing.length > 0) return { environment: null, missing };
  const url = env.FOLIO_NAV_URL!;
  return {
    environment: {
      login: env.FOLIO_NAV_LOGIN!,
      tax_number: env.FOLIO_NAV_TAX_NUMBER!.replace(/\D/g, '').slice(0, 8),
      url,
      system: navSystemOf(url),
    },
    missing: [],
  };
}
