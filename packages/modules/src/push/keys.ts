import { type Database, schema } from "@poundline/db";
import { inArray } from "drizzle-orm";
import webpush from "web-push";

const { platformSecrets } = schema;

/** The VAPID key pair every push is signed with (base64url), and the contact the push services see. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The settings the keys come from (both processes read them: packages/platform/src/config.ts). */
export interface VapidSettings {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  SUPPORT_INBOX: string;
}

/** The names of the pair drawn when the environment gives none, in platform_secrets. */
export const VAPID_SECRET_NAMES = { publicKey: "vapid_public_key", privateKey: "vapid_private_key" } as const;

/**
 * Reads the pair from the environment, or else from platform_secrets, drawing and storing it the
 * first time (one statement: the first process to insert wins, the others read its pair), so the
 * API instances and the workers always sign with the same keys. Read once per process.
 */
export function vapidKeysOf(db: Database, settings: VapidSettings): () => Promise<VapidKeys> {
  const subject = settings.VAPID_SUBJECT ?? `mailto:${settings.SUPPORT_INBOX}`;
  let pending: Promise<VapidKeys> | null = null;
  const load = async (): Promise<VapidKeys> => {
    if (settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY)
      return { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY, subject };
    const drawn = webpush.generateVAPIDKeys();
    // Both rows or neither: one statement, a no-op when another process stored its pair first.
    await db
      .insert(platformSecrets)
      .values([
        { name: VAPID_SECRET_NAMES.publicKey, value: drawn.publicKey },
        { name: VAPID_SECRET_NAMES.privateKey, value: drawn.privateKey },
      ])
      .onConflictDoNothing();
    const rows = await db
      .select({ name: platformSecrets.name, value: platformSecrets.value })
      .from(platformSecrets)
      .where(inArray(platformSecrets.name, Object.values(VAPID_SECRET_NAMES)));
    const stored = new Map(rows.map((row) => [row.name, row.value]));
    const publicKey = stored.get(VAPID_SECRET_NAMES.publicKey);
    const privateKey = stored.get(VAPID_SECRET_NAMES.privateKey);
    if (!publicKey || !privateKey) throw new Error("the VAPID key pair is not stored");
    return { publicKey, privateKey, subject };
  };
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
