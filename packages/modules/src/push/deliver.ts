import { type Database, schema } from "@poundline/db";
import type { JobPorts } from "@poundline/platform/queue/jobs";
import { eq } from "drizzle-orm";
import { type Preferences, preferencesOf } from "../notifications/recipients";
import { deliverAll, sendOnce } from "../notifications/sent";
import type { PushKind, PushMessage, PushSender } from "./sender";

const { pushSubscriptions } = schema;

/** What the push processors need beyond the job ports: the sender (web-push, or a test's). */
export interface PushDeps {
  push: PushSender;
}
export type PushPorts = JobPorts & PushDeps;

/** The preference that lets each kind of push through. */
export const pushPreference: Record<PushKind, keyof Preferences> = {
  incoming_call: "pushIncomingCall",
  missed_call: "pushMissedCall",
  voicemail: "pushVoicemail",
  text: "pushText",
  assignment: "pushAssignment",
  mention: "pushMention",
};

/** The devices a member enabled push on. */
export async function subscriptionsOf(db: Database, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/**
 * Pushes `message` to every device of a member whose preference for its kind is on, each device
 * once per `key` (a retried job skips the devices it reached). A device the push service no longer
 * knows (404, 410) is forgotten; any other failure throws once every device was tried, and the
 * job's retry tries the failed ones again. The number of devices reached.
 */
export async function pushToMember(
  ports: PushPorts,
  userId: string,
  key: string,
  message: PushMessage,
): Promise<number> {
  const preferences = await preferencesOf(ports.db, userId);
  if (!preferences[pushPreference[message.kind]]) return 0;
  const devices = await subscriptionsOf(ports.db, userId);
  let reached = 0;
  await deliverAll(
    devices.map(
      (device) => () =>
        sendOnce(ports, `${key}:push:${device.id}`, async () => {
          const outcome = await ports.push(device, message);
          if (outcome === "gone") {
            await ports.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
            ports.log.info({ subscriptionId: device.id }, "push subscription gone: removed");
            return false;
          }
          await ports.db
            .update(pushSubscriptions)
            .set({ lastUsedAt: ports.clock() })
            .where(eq(pushSubscriptions.id, device.id));
          reached += 1;
          return true;
        }),
    ),
  );
  return reached;
}
