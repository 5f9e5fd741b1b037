// Static list of migrations, in order. Bundling and asar packaging break directory scanning, so each migration is
// imported here by hand. Names are frozen once released.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
