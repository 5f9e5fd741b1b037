// Sealing a secret stored in the database: the SMTP password (mail) and the sync remote's API key (sync). The desktop
// seals with Electron's safeStorage (the OS keychain / DPAPI / libsecret); plain Node (serve, tests, the CLI) uses
// AES-256-GCM with a key the operator supplies. The interface is all the stores see, so the core never imports
// 'electron'.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretBox {
  /** plain text → an opaque printable string that is safe to store */
  encrypt(plain: string): string;
  /** the reverse; throws if the string was not sealed by this box (another key, another machine, tampering) */
  decrypt(sealed: string): string;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const AES_PREFIX = 'aes256gcm:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: a random 96-bit nonce per seal; the tag makes tampering or a wrong key an error, not garbage. */
export function aesGcmSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new SecretBoxError(`the secret key must be 32 bytes, got ${key.length}`);
  const k = Buffer.from(key);
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return AES_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(sealed) {
      if (!sealed.startsWith(AES_PREFIX)) throw new SecretBoxError('not sealed by the AES-GCM secret box');
      const raw = Buffer.from(sealed.slice(AES_PREFIX.length), 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', k, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the stored secret cannot be opened with this key (wrong FOLIO_SECRET_KEY?)');
      }
    },
  };
}

/** Parses a 32-byte key given as 64 hex digits or as base64 (`openssl rand -base64 32`). */
export function parseSecretKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) {
    throw new SecretBoxError('FOLIO_SECRET_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)');
  }
  return key;
}

/** The plain-Node box from FOLIO_SECRET_KEY, or null when the variable is not set. */
export function secretBoxFromEnv(env: Record<string, string | undefined>): SecretBox | null {
  const text = env.FOLIO_SECRET_KEY;
  return text ? aesGcmSecretBox(parseSecretKey(text)) : null;
}

/** The part of Electron's `safeStorage` the desktop box needs (typed structurally: no 'electron' import here). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

const SAFE_PREFIX = 'safestorage:v1:';

/** The desktop box: `safeStorageSecretBox(safeStorage)` in the Electron main process, after app 'ready'. */
export function safeStorageSecretBox(safeStorage: SafeStorageLike): SecretBox {
  return {
    encrypt(plain) {
      // Without an OS keyring safeStorage would fall back to a hard-coded key on Linux: refuse instead of pretending.
      if (!safeStorage.isEncryptionAvailable()) throw new SecretBoxError('the system keyring is not available to protect the password');
      return SAFE_PREFIX + safeStorage.encryptString(plain).toString('base64');
    },
    decrypt(sealed) {
      if (!sealed.startsWith(SAFE_PREFIX)) throw new SecretBoxError('not sealed by the system keyring');
      try {
        return safeStorage.decryptString(Buffer.from(sealed.slice(SAFE_PREFIX.length), 'base64'));
      } catch (e) {
        throw new SecretBoxError(`the system keyring cannot open the stored password: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}
