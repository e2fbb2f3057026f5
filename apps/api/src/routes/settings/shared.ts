import { AppError } from "@poundline/contracts/errors";
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, settingsMessages } from "@poundline/contracts/settings/schemas";
import { pendingEmailOf } from "@poundline/modules/auth/email-change";
import { readProfile } from "@poundline/modules/settings/settings";
import { storageKeys } from "@poundline/platform/storage/keys";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import sharp from "sharp";

/** The user's profile as the settings page shows it, with the address awaiting confirmation. */
export async function profileOf(request: FastifyRequest, userId: string) {
  const { db, clock } = request.server.deps;
  const profile = await readProfile(db.db, userId);
  return { ...profile, pendingEmail: await pendingEmailOf(db.db, userId, clock()) };
}

/**
 * Avatars: the uploaded bytes must be an image (by their first bytes and by decoding, not by the
 * declared type), are cropped to a square and re-encoded as WebP by the server (which drops
 * metadata such as GPS positions, and anything hidden after the image), and are served publicly
 * under a random name nobody can guess: `/media/avatars/<user>/<random>.webp`.
 */
export const AVATAR_PATH = "/media/avatars";

/** The image kinds taken, by their signatures. */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (offset: number, text: string) =>
    [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));
  return (
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) || // PNG
    starts(0xff, 0xd8, 0xff) || // JPEG
    (ascii(0, "RIFF") && ascii(8, "WEBP")) ||
    ascii(0, "GIF87a") ||
    ascii(0, "GIF89a")
  );
}

/** Checks and re-encodes an upload; a 400 on `avatar` when it is not an image we take. */
export async function normaliseAvatar(body: unknown): Promise<Buffer> {
  const bytes = Buffer.isBuffer(body) ? body : null;
  const refuse = () =>
    new AppError("BAD_REQUEST", settingsMessages.notAnImage, { avatar: [settingsMessages.notAnImage] });
  if (!bytes || !looksLikeImage(bytes)) throw refuse();
  try {
    // limitInputPixels: a small file that decodes to a huge bitmap (a "pixel flood") is refused.
    return await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse();
  }
}

/** Stores a normalised avatar; answers its public URL (a path on this site). */
export async function storeAvatar(
  deps: FastifyInstance["deps"],
  userId: string,
  image: Buffer,
): Promise<string> {
  const file = `${crypto.randomUUID().replaceAll("-", "")}.webp`;
  await deps.storage.put(storageKeys.avatar(userId, file), new Uint8Array(image));
  return `${AVATAR_PATH}/${userId}/${file}`;
}

/**
 * Removes a replaced avatar's object by its URL; other URLs (a Google picture) are left alone. The
 * profile has moved on already: a failure is logged, not the request's.
 */
export async function removeStoredAvatar(
  deps: FastifyInstance["deps"],
  log: FastifyBaseLogger,
  url: string | null,
): Promise<void> {
  const match = url?.match(/^\/media\/avatars\/([a-z]{1,8}_[a-z0-9]{1,64})\/([a-f0-9]{32}\.webp)$/);
  if (!match?.[1] || !match[2]) return;
  const key = storageKeys.avatar(match[1], match[2]);
  await deps.storage
    .delete(key)
    .catch((err: unknown) => log.warn({ err, key }, "replaced avatar not removed"));
}

const IMAGE_UPLOAD_TYPES = ["application/octet-stream", "image/png", "image/jpeg", "image/webp", "image/gif"];

/** Uploads arrive as the file's bytes (the body), up to AVATAR_MAX_BYTES. */
export function acceptImageUploads(app: FastifyInstance) {
  app.addContentTypeParser(
    IMAGE_UPLOAD_TYPES,
    { parseAs: "buffer", bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
}
