// The cryptography NAV's interface specification prescribes:
// - passwordHash: SHA-512 of the technical user's password, upper-case hex (cryptoType "SHA-512");
// - requestSignature: SHA3-512, upper-case hex, of requestId + timestamp (yyyyMMddHHmmss, UTC) + signature key,
//   for manageInvoice followed by the SHA3-512 (upper-case hex) of each operation's (operation + base64 data),
//   in index order (cryptoType "SHA3-512");
// - the exchange token arrives AES-128-ECB encrypted with the exchange key (PKCS#7 padding), base64.
// Checked against NAV's own sample requests, whose signature key sits in a comment (tests/nav/api.spec.ts).
// SHA3-512 comes from @noble/hashes (audited, pure JavaScript), not node:crypto: Electron's Node is built on
// BoringSSL, which has no SHA-3, so createHash('sha3-512') would work in tests and `serve` but throw in the app.
// One implementation everywhere means the tests check the code the desktop runs.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { sha3_512 } from '@noble/hashes/sha3.js';

export function sha512Hex(value: string): string {
  return createHash('sha512').update(value, 'utf8').digest('hex').toUpperCase();
}

/** SHA3-512 of the UTF-8 bytes of `value`, upper-case hex (NAV's form). */
export function sha3_512Hex(value: string): string {
  return Buffer.from(sha3_512(Buffer.from(value, 'utf8'))).toString('hex').toUpperCase();
}

/** 2019-09-11T10:55:31.440Z → "20190911105531": the signature's timestamp, the header's instant in UTC. */
export function signatureTimestamp(timestamp: Date): string {
  return timestamp.toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

export interface SignedOperation {
  operation: string;
  invoiceDataBase64: string;
}

export function requestSignature(
  requestId: string,
  timestamp: Date,
  signatureKey: string,
  operations: readonly SignedOperation[] = [],
): string {
  const partials = operations.map((op) => sha3_512Hex(op.operation + op.invoiceDataBase64)).join('');
  return sha3_512Hex(requestId + signatureTimestamp(timestamp) + signatureKey + partials);
}

function aesKey(exchangeKey: string): Buffer {
  const key = Buffer.from(exchangeKey, 'utf8');
  if (key.length !== 16) throw new Error('The NAV exchange key must be 16 characters (AES-128)');
  return key;
}

export function decryptExchangeToken(encodedExchangeToken: string, exchangeKey: string): string {
  const decipher = createDecipheriv('aes-128-ecb', aesKey(exchangeKey), null);
  return Buffer.concat([decipher.update(Buffer.from(encodedExchangeToken, 'base64')), decipher.final()]).toString('utf8');
}

/** The authority's side of the exchange; Folio needs it only to stand in for NAV in tests. */
export function encryptExchangeToken(token: string, exchangeKey: string): string {
  const cipher = createCipheriv('aes-128-ecb', aesKey(exchangeKey), null);
  return Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
}
