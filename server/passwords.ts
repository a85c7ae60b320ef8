import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MIN_PASSWORD_LENGTH } from '../src/shared/constants';
import { HttpError } from './http-error';

const MAX_PASSWORD_LENGTH = 200;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes a password as the app's password encoder sends it: `b64:` + base64 of the UTF-8 bytes
 * (src/main/services/password.ts). Any other scheme is refused, never guessed.
 */
export function decodePassword(encoded: string): string {
  if (!encoded.startsWith('b64:')) throw new HttpError(400, 'Unsupported password encoding. Expected the b64 scheme.');
  const payload = encoded.slice(4);
  if (!BASE64.test(payload)) throw new HttpError(400, 'The password is not valid base64.');
  const plain = Buffer.from(payload, 'base64').toString('utf8');
  if (plain.length > MAX_PASSWORD_LENGTH) throw new HttpError(400, `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  return plain;
}

/** A new password (reset, change): decoded, then checked against the minimum length. */
export function decodeNewPassword(encoded: string): string {
  const plain = decodePassword(encoded);
  if (plain.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(400, `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  return plain;
}

// scrypt parameters stored in every hash, so they can be raised later without breaking old hashes.
const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keylen, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** `scrypt$N$r$p$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // No hash (an account that never set a password, or no account): still spend the time of a real
  // check so response times do not tell which emails exist.
  const [scheme, n, r, p, salt, key] = (stored ?? (await dummyHash())).split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(12).toString('hex')));
