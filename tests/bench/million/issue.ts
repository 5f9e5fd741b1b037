// Issuing at a million against issuing at a tenth of that, measured in alternating rounds on the two databases, so
// a busy machine (or a slow fsync) slows both alike and the ratio compares the sizes, not the moments.
import type { Core } from '../../../electron/core/index';
import { benchInvoice } from '../../fault/support/bodies';
import { TODAY } from './build';
import { percentile, round1, type Timing } from './stats';

export interface Issuer {
  core: Core;
  clientId: number;
}

const timing = (times: number[]): Timing => ({ p50: round1(percentile(times, 50)), p99: round1(percentile(times, 99)), runs: times.length, times });

export async function issueBoth(big: Issuer, small: Issuer, o: { rounds: number; perRound: number; warmUps: number }) {
  const issue = async (who: Issuer) => {
    const created = await who.core.call('invoices.create', benchInvoice(who.clientId, TODAY));
    if (!created.attributes.invoice_no) throw new Error('not numbered');
  };
  for (let i = 0; i < o.warmUps; i++) {
    await issue(big);
    await issue(small);
  }
  const times = { big: [] as number[], small: [] as number[] };
  for (let round = 0; round < o.rounds; round++) {
    // the order alternates too, so neither always runs right after the other's fsync
    const order: Array<'big' | 'small'> = round % 2 === 0 ? ['big', 'small'] : ['small', 'big'];
    for (const which of order) {
      for (let i = 0; i < o.perRound; i++) {
        const t = performance.now();
        await issue(which === 'big' ? big : small);
        times[which].push(performance.now() - t);
      }
    }
  }
  return { big: timing(times.big), small: timing(times.small) };
}
