import { type Database, schema } from "@poundline/db";
import type { OutgoingEmail } from "@poundline/platform/mailer";
import type { JobOutcome, JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { and, eq, inArray } from "drizzle-orm";
import type { NotificationPorts } from "../notifications/ports";
import { deliverAll, sendOnce } from "../notifications/sent";

const { accountMemberships, portInEvents, portInRequests, users } = schema;

export const PORT_IN_CHANGED_TEMPLATE = "port_in_changed";

export type PortInChangedPayload = JobPayload<"notifications", "port-in-changed">;

export function portInChangedEmail(
  to: { email: string; firstName: string },
  change: { customerName: string; detail: string },
  publicBaseUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    subject: `Your number port: ${change.detail}`,
    template: PORT_IN_CHANGED_TEMPLATE,
    text:
      `Hello${to.firstName ? ` ${to.firstName}` : ""},\n\n` +
      `Your request to port numbers from ${change.customerName}'s carrier has moved on:\n${change.detail}\n\n` +
      `Follow it on your numbers page: ${publicBaseUrl}/dashboard/numbers\n`,
  };
}

/** The account's owners and admins: they run its numbers. */
async function portingRecipients(db: Database, accountId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(
      and(eq(accountMemberships.accountId, accountId), inArray(accountMemberships.role, ["owner", "admin"])),
    )
    .orderBy(users.email);
}

/** E-mails the owners and admins one change of a port-in request, once each. */
export async function sendPortInChanged(
  ports: NotificationPorts,
  payload: PortInChangedPayload,
): Promise<JobOutcome> {
  const [found] = await ports.db
    .select({
      accountId: portInEvents.accountId,
      detail: portInEvents.detail,
      customerName: portInRequests.customerName,
    })
    .from(portInEvents)
    .innerJoin(portInRequests, eq(portInRequests.id, portInEvents.requestId))
    .where(eq(portInEvents.id, payload.eventId));
  if (!found) return "skipped";
  const recipients = await portingRecipients(ports.db, found.accountId);
  await deliverAll(
    recipients.map(
      (to) => () =>
        sendOnce(ports, `port-in-changed:${payload.eventId}:${to.email}`, async () => {
          await ports.mailer.send(portInChangedEmail(to, found, ports.publicBaseUrl));
          return true;
        }),
    ),
  );
  return "done";
}

/** The processor of the `notifications/port-in-changed` job. */
export function portInChangedProcessor(
  deps: Pick<NotificationPorts, "mailer" | "publicBaseUrl">,
): Processor<PortInChangedPayload> {
  return (ports, payload) => sendPortInChanged({ ...ports, ...deps }, payload);
}
