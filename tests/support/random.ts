// Seeded randomness for the tests that kill processes at random moments: the seed comes from the environment (to
// replay a failure) or is fresh, and is printed and put in the test's annotations, so a failure can be replayed.
import { test } from '@playwright/test';

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of the running test: `envName` when set, else a fresh one; printed with the way to replay it. */
export function testSeed(envName: string): { seed: number; random: () => number } {
  const given = process.env[envName];
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed)) throw new Error(`${envName}=${given} is not an integer seed`);
  console.log(`${test.info().title}: seed ${seed} (replay with ${envName}=${seed})`);
  test.info().annotations.push({ type: 'seed', description: `${envName}=${seed}` });
  return { seed, random: rng(seed) };
}
