import { type Database, newId, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";

const { pushSubscriptions } = schema;

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/**
 * Saves the signed-in user's device: idempotent on the endpoint (the same browser subscribing
 * again gets its keys refreshed). An endpoint another user had (one browser, another sign-in)
 * becomes this user's: a push service delivers to the browser, which now belongs to them.
 */
export async function subscribePush(
  db: Database,
  userId: string,
  device: NewPushSubscription,
  now: Date,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: newId("pushSubscription"), userId, ...device, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: device.p256dh, auth: device.auth, userAgent: device.userAgent },
    })
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new Error("push subscription not saved");
  return row;
}

/** Forgets one of the user's own devices by its endpoint; false when they have none there. */
export async function unsubscribePush(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
