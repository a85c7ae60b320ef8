/**
 * The platform wants passwords "encrypted before sending" and leaves the scheme open (spec 1 section 7).
 * An encoder is a small interface so that a deployment can plug in its own scheme.
 *
 * Default: `b64` — the UTF-8 bytes in base64, prefixed with the scheme id. It is an encoding, not
 * encryption: confidentiality comes from HTTPS. The reference server decodes it.
 */
export interface PasswordEncoder {
  readonly id: string;
  encode(plain: string): string;
}

export const base64Encoder: PasswordEncoder = {
  id: 'b64',
  encode: (plain) => `b64:${Buffer.from(plain, 'utf8').toString('base64')}`,
};

export const defaultPasswordEncoder = base64Encoder;
