import type { Database } from "@poundline/db";
import { seedProfessionalAccount } from "./professional-account";

/**
 * An account on the Professional plan whose number records its calls, for the call-recordings
 * spec: every call to it (day or night) is forwarded to the owner's phone, recorded. Made at the
 * server's start on its fresh database; signs in with the trial password.
 */
export const recordedAccount = {
  email: "recorded@poundline.local",
  /** The account's number, in the fictional range the simulator routes to the app. */
  number: "+13055550177",
  /** The owner's phone, which answers the forwarded calls. */
  phone: "+13055550178",
} as const;

export async function seedRecordedAccount(db: Database, password: string): Promise<void> {
  const forward = { targetType: "forward", targetId: recordedAccount.phone } as const;
  await seedProfessionalAccount(db, password, {
    email: recordedAccount.email,
    firstName: "Rita",
    lastName: "Recorder",
    companyName: "Recorded Advice LLC",
    number: { e164: recordedAccount.number, friendlyName: "Advice line" },
    routing: {
      businessHoursTargetType: forward.targetType,
      businessHoursTargetId: forward.targetId,
      afterHoursTargetType: forward.targetType,
      afterHoursTargetId: forward.targetId,
      recordCalls: true,
    },
  });
}
