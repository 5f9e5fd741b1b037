// SHA3-512 (FIPS 202) in plain TypeScript. NAV signs every request with SHA3-512, and Electron's Node is built on
// BoringSSL, which has no SHA-3: crypto.createHash('sha3-512') works under plain Node but throws inside the app.
// So the app computes it itself; the tests check this against OpenSSL's digest.
//
// Keccak-f[1600] on 25 lanes of 64 bits, each kept as two 32-bit halves (lo, hi) so no BigInt is needed.

const ROUNDS = 24;

/** Rotation offsets and round constants, derived from the specification rather than typed in. */
const { ROT, RC_LO, RC_HI } = (() => {
  const rot = new Array<number>(25).fill(0);
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    rot[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  // rc(t): the output bit of the LFSR x^8 + x^6 + x^5 + x^4 + 1 after t steps.
  const rcBit = (t: number): number => {
    let r = 1;
    for (let i = 0; i < t % 255; i++) {
      r <<= 1;
      if (r & 0x100) r ^= 0x171;
    }
    return r & 1;
  };
  const lo = new Uint32Array(ROUNDS);
  const hi = new Uint32Array(ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (let j = 0; j <= 6; j++) {
      if (!rcBit(j + 7 * round)) continue;
      const bit = (1 << j) - 1; // positions 0, 1, 3, 7, 15, 31, 63
      if (bit < 32) lo[round]! |= 1 << bit;
      else hi[round]! |= 1 << (bit - 32);
    }
  }
  return { ROT: rot, RC_LO: lo, RC_HI: hi };
})();

function keccakF(s: Uint32Array): void {
  const cLo = new Uint32Array(5);
  const cHi = new Uint32Array(5);
  const bLo = new Uint32Array(25);
  const bHi = new Uint32Array(25);
  for (let round = 0; round < ROUNDS; round++) {
    // θ
    for (let x = 0; x < 5; x++) {
      cLo[x] = s[2 * x]! ^ s[2 * (x + 5)]! ^ s[2 * (x + 10)]! ^ s[2 * (x + 15)]! ^ s[2 * (x + 20)]!;
      cHi[x] = s[2 * x + 1]! ^ s[2 * (x + 5) + 1]! ^ s[2 * (x + 10) + 1]! ^ s[2 * (x + 15) + 1]! ^ s[2 * (x + 20) + 1]!;
    }
    for (let x = 0; x < 5; x++) {
      const l1 = cLo[(x + 1) % 5]!;
      const h1 = cHi[(x + 1) % 5]!;
      const dLo = cLo[(x + 4) % 5]! ^ ((l1 << 1) | (h1 >>> 31));
      const dHi = cHi[(x + 4) % 5]! ^ ((h1 << 1) | (l1 >>> 31));
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] = s[2 * (x + y)]! ^ dLo;
        s[2 * (x + y) + 1] = s[2 * (x + y) + 1]! ^ dHi;
      }
    }
    // ρ and π: lane (x, y) rotated lands at (y, 2x + 3y)
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        const i = x + 5 * y;
        const lo = s[2 * i]!;
        const hi = s[2 * i + 1]!;
        const n = ROT[i]!;
        let rLo: number;
        let rHi: number;
        if (n === 0) {
          rLo = lo;
          rHi = hi;
        } else if (n < 32) {
          rLo = (lo << n) | (hi >>> (32 - n));
          rHi = (hi << n) | (lo >>> (32 - n));
        } else if (n === 32) {
          rLo = hi;
          rHi = lo;
        } else {
          const m = n - 32;
          rLo = (hi << m) | (lo >>> (32 - m));
          rHi = (lo << m) | (hi >>> (32 - m));
        }
        const j = y + 5 * ((2 * x + 3 * y) % 5);
        bLo[j] = rLo;
        bHi[j] = rHi;
      }
    }
    // χ
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = x + y;
        const i1 = ((x + 1) % 5) + y;
        const i2 = ((x + 2) % 5) + y;
        s[2 * i] = bLo[i]! ^ (~bLo[i1]! & bLo[i2]!);
        s[2 * i + 1] = bHi[i]! ^ (~bHi[i1]! & bHi[i2]!);
      }
    }
    // ι
    s[0] = s[0]! ^ RC_LO[round]!;
    s[1] = s[1]! ^ RC_HI[round]!;
  }
}

const RATE_BYTES = 72; // 1600 − 2 × 512 bits
const DIGEST_BYTES = 64;

export function sha3_512(data: Uint8Array): Uint8Array {
  const state = new Uint32Array(50);
  // Pad: SHA-3 domain bits 01, then 10*1 — 0x06 … 0x80 — to a whole number of blocks.
  const padded = new Uint8Array(Math.floor(data.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(data);
  padded[data.length] = padded[data.length]! ^ 0x06;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let k = 0; k < RATE_BYTES; k += 4) {
      const word = padded[offset + k]! | (padded[offset + k + 1]! << 8) | (padded[offset + k + 2]! << 16) | (padded[offset + k + 3]! << 24);
      state[k >> 2] = state[k >> 2]! ^ word; // little-endian lanes: bytes 0–3 are lo, 4–7 hi
    }
    keccakF(state);
  }
  const out = new Uint8Array(DIGEST_BYTES);
  for (let k = 0; k < DIGEST_BYTES; k++) out[k] = (state[k >> 2]! >>> (8 * (k & 3))) & 0xff;
  return out;
}
