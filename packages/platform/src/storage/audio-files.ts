import { storageKeys } from "./keys";

/**
 * A kind of stored audio the carrier plays (hold music, IVR and other greetings): stored per
 * account through the storage port, served publicly under `path` for the carrier's <Play>, each
 * file named by a random part nobody can guess. The API serves them; the API and the workers
 * (a greeting recorded by phone) store them.
 */
export interface UploadedAudio {
  /** The public path the files are served under. */
  path: string;
  /** The storage key of an account's file. */
  key: (accountId: string, file: string) => string;
  /** The file names the kind makes (anything else is not found, before the storage is asked). */
  fileName: RegExp;
}

export const holdMusicAudio: UploadedAudio = {
  path: "/media/hold-music",
  key: storageKeys.holdMusic,
  fileName: /^[a-z0-9_]{1,80}\.(mp3|wav|aiff)$/,
};

export const ivrGreetingAudio: UploadedAudio = {
  path: "/media/ivr-greetings",
  key: storageKeys.ivrGreeting,
  fileName: /^ivr_[a-z0-9]{1,64}_[a-f0-9]{32}\.(mp3|wav|aiff)$/,
};

/** Numbers' (voicemail, after hours) and extensions' (voicemail) greetings. */
export const greetingAudio: UploadedAudio = {
  path: "/media/greetings",
  key: storageKeys.greeting,
  fileName: /^(num|ext)_[a-z0-9]{1,64}_(voicemail|after_hours)_[a-f0-9]{32}\.(mp3|wav|aiff)$/,
};

/** A new file's name: the prefix (its owner), a random part, the format's extension. */
export const audioFileName = (prefix: string, format: string) =>
  `${prefix}_${crypto.randomUUID().replaceAll("-", "")}.${format}`;

/** The public URL the carrier plays a stored file at. */
export const audioUrlOf = (kind: UploadedAudio, baseUrl: string, accountId: string, file: string) =>
  `${baseUrl}${kind.path}/${accountId}/${file}`;

/**
 * The storage key behind a URL audioUrlOf made for this account, or null for any other URL (a
 * built-in track, another kind's, another account's).
 */
export function uploadedAudioKeyOf(
  kind: UploadedAudio,
  accountId: string,
  url: string | null,
): string | null {
  const at = url?.indexOf(`${kind.path}/${accountId}/`) ?? -1;
  if (!url || at < 0) return null;
  const file = url.slice(at + kind.path.length + accountId.length + 2);
  return kind.fileName.test(file) ? kind.key(accountId, file) : null;
}
