import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The TOTP keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from TOTP_KEY_SECRET, so a
 * copy of the database alone makes no codes. Stored as `v1:<iv>.<ciphertext>.<tag>` (base64url).
 * A bare base32 key is one stored before encryption (or written by a test fixture or the e2e
 * seed): it is read as it is and re-encrypted when next used (see two-factor.ts).
 */
const VERSION = "v1:";
const IV_BYTES = 12;

/**
 * Without TOTP_KEY_SECRET (development and tests only: a production start refuses, see config.ts)
 * keys are encrypted under this published secret: the format is exercised, not the secrecy.
 */
export const DEVELOPMENT_TOTP_KEY_SECRET = "poundline-development-totp-key-secret (not secret)";

export interface TotpKeyCipher {
  seal(base32Key: string): string;
  /** The base32 key, and whether it was stored in clear (to re-encrypt); null when it does not open. */
  open(stored: string): { key: string; inClear: boolean } | null;
}

export function createTotpKeyCipher(secret: string | undefined): TotpKeyCipher {
  const key = Buffer.from(
    hkdfSync("sha256", secret ?? DEVELOPMENT_TOTP_KEY_SECRET, "poundline", "totp-key-at-rest:v1", 32),
  );
  return {
    seal(base32Key) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(base32Key, "utf8"), cipher.final()]);
      const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url"));
      return `${VERSION}${parts.join(".")}`;
    },
    open(stored) {
      if (!stored.startsWith(VERSION)) return { key: stored, inClear: true };
      const [iv, sealed, tag, ...rest] = stored.slice(VERSION.length).split(".");
      if (!iv || !sealed || !tag || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        const opened = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]);
        return { key: opened.toString("utf8"), inClear: false };
      } catch {
        // Another secret, or a tampered value: no code can be checked against it.
        return null;
      }
    },
  };
}

const ciphers = new WeakMap<object, TotpKeyCipher>();

/** The cipher of a configuration, derived once. */
export function totpKeyCipherOf(config: { TOTP_KEY_SECRET?: string | undefined }): TotpKeyCipher {
  let cipher = ciphers.get(config);
  if (!cipher) {
    cipher = createTotpKeyCipher(config.TOTP_KEY_SECRET);
    ciphers.set(config, cipher);
  }
  return cipher;
}
