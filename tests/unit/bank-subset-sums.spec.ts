// The bank suggestions' sum of several invoices (electron/core/bank-statements/match.ts): the check that no set of the
// amounts adds up, which spares the step-limited search, never changes its answer — random amounts and targets, some
// reachable by a set and some not, including searches cut off at their budget (replay with FOLIO_SUBSET_SEED=<seed>).
import { expect, test } from '@playwright/test';
import { searchSubsets, subsetsSumming } from '../../electron/core/bank-statements/match';
import { testSeed } from '../support/random';

test('the answer with the check is the search’s own, for random amounts and targets', () => {
  const { seed, random } = testSeed('FOLIO_SUBSET_SEED');
  const int = (n: number) => Math.floor(random() * n);
  let found = 0;
  let none = 0;
  for (let round = 0; round < 3000; round++) {
    const n = int(17);
    // few distinct values make many equal sums (and long searches); many make sums rare
    const scale = random() < 0.5 ? 5 : 100_000;
    const amounts = Array.from({ length: n }, () => (1 + int(scale)) * 1000);
    const set = amounts.filter(() => random() < 0.4);
    const target = random() < 0.6 && set.length ? set.reduce((a, b) => a + b, 0) : (1 + int(scale * 4)) * 1000;
    const answer = subsetsSumming(amounts, target);
    expect(answer, `amounts ${amounts.join(',')} target ${target}, seed ${seed}`).toEqual(searchSubsets(amounts, target));
    if (answer.first) found++;
    else none++;
  }
  expect(found).toBeGreaterThan(100);
  expect(none).toBeGreaterThan(100);
});
