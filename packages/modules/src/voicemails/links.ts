import { type Database, schema } from "@poundline/db";
import { and, eq, gt } from "drizzle-orm";
import { generateToken, hashToken } from "../auth/sessions";

/** How long a voicemail's link in an e-mail plays without signing in. */
export const VOICEMAIL_LINK_DAYS = 7;

/** Where a link plays: the path of the public endpoint, token included. */
export const voicemailLinkPath = (token: string) => `/api/voicemail-links/${token}/audio`;

/** A new link to the voicemail's recording (only its hash is kept): the token, and when it expires. */
export async function createVoicemailLink(
  db: Database,
  voicemail: { id: string; accountId: string },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + VOICEMAIL_LINK_DAYS * 24 * 3600 * 1000);
  await db.insert(schema.voicemailLinks).values({
    tokenHash: hashToken(token),
    voicemailId: voicemail.id,
    accountId: voicemail.accountId,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The stored recording a link still opens; null for an unknown or expired link, or no recording yet. */
export async function recordingOfLink(db: Database, token: string, now: Date): Promise<string | null> {
  const { voicemailLinks, voicemails } = schema;
  const [row] = await db
    .select({ storagePath: voicemails.storagePath })
    .from(voicemailLinks)
    .innerJoin(
      voicemails,
      and(eq(voicemails.id, voicemailLinks.voicemailId), eq(voicemails.accountId, voicemailLinks.accountId)),
    )
    .where(and(eq(voicemailLinks.tokenHash, hashToken(token)), gt(voicemailLinks.expiresAt, now)))
    .limit(1);
  return row?.storagePath ?? null;
}
