/** The part of http_ece (web-push's encryption, RFC 8188) the push tests use: decrypting as a browser. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface DecryptParams {
    version: "aes128gcm";
    /** The receiver's key pair. */
    privateKey: ECDH;
    /** The receiver's auth secret, base64url or bytes. */
    authSecret: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
