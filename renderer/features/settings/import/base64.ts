// A file's bytes as base64, the form an import sends them in over /rpc (JSON carries text only). btoa takes a
// "binary string"; it is built in slices, since spreading megabytes of bytes into one call overflows the stack.
const SLICE = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += SLICE) parts.push(String.fromCharCode(...bytes.subarray(i, i + SLICE)));
  return btoa(parts.join(''));
}
