import { type Algorithm, hash, verify } from "@node-rs/argon2";

/**
 * Argon2id with the OWASP minimum (m=19 MiB, t=2, p=1), which are also the library's defaults:
 * written out so a change of defaults upstream cannot silently change our hashes.
 */
const ARGON2_OPTIONS = {
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

/**
 * A hash of a random password nobody knows, with the same parameters: verifying against it when
 * there is no user (or no password) costs as much as a real check, so timing does not tell.
 */
const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$qUxtLU6JPgh1c7yGPa2ibA$xc8l9GeeRBnRfmCj4Ws4CYZWsUVK8VPUJJJ5TNmu+DE";

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; a missing hash takes as long and answers false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  try {
    const ok = await verify(passwordHash ?? DUMMY_HASH, password);
    return Boolean(passwordHash) && ok;
  } catch {
    // A malformed stored hash is a failed check, not a crash.
    return false;
  }
}
