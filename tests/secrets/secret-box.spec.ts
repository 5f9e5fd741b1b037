// The secret boxes that seal what is stored in the database (the SMTP password, the sync remote's API key).
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { aesGcmSecretBox, parseSecretKey, safeStorageSecretBox, secretBoxFromEnv } from '../../electron/secrets/secret-box';

test('the AES-256-GCM box: round trip, a fresh nonce per seal, wrong key and tampering are errors', () => {
  const key = randomBytes(32);
  const box = aesGcmSecretBox(key);
  const a = box.encrypt('jelszó-123');
  const b = box.encrypt('jelszó-123');
  expect(a).not.toBe(b);
  expect(a).not.toContain('jelszó');
  expect(box.decrypt(a)).toBe('jelszó-123');
  expect(() => aesGcmSecretBox(randomBytes(32)).decrypt(a)).toThrow('wrong FOLIO_SECRET_KEY');
  const raw = Buffer.from(a.slice('aes256gcm:v1:'.length), 'base64');
  raw[raw.length - 1]! ^= 1;
  expect(() => box.decrypt(`aes256gcm:v1:${raw.toString('base64')}`)).toThrow('cannot be opened');
  expect(() => box.decrypt('plain')).toThrow('not sealed');

  expect(parseSecretKey(key.toString('hex'))).toEqual(key);
  expect(parseSecretKey(key.toString('base64'))).toEqual(key);
  expect(() => parseSecretKey('too-short')).toThrow('32 random bytes');
  expect(secretBoxFromEnv({})).toBeNull();
  expect(secretBoxFromEnv({ FOLIO_SECRET_KEY: key.toString('base64') })!.decrypt(a)).toBe('jelszó-123');
});

test('the safeStorage box refuses to store a password when the OS keyring is not available', () => {
  const fake = (available: boolean) => ({
    isEncryptionAvailable: () => available,
    encryptString: (s: string) => Buffer.from([...Buffer.from(s)].reverse()),
    decryptString: (b: Buffer) => Buffer.from([...b].reverse()).toString(),
  });
  const box = safeStorageSecretBox(fake(true));
  expect(box.decrypt(box.encrypt('titok'))).toBe('titok');
  expect(() => safeStorageSecretBox(fake(false)).encrypt('titok')).toThrow('keyring is not available');
});
