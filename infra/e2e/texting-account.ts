import type { Database } from "@poundline/db";
import { seedProfessionalAccount } from "./professional-account";

/**
 * An account on the Professional plan that has not registered for texting (A2P 10DLC), for the
 * texting-registration spec: its local number is refused texts until its campaign is approved.
 * Made at the server's start on its fresh database; signs in with the trial password.
 */
export const textingAccount = {
  email: "texting@poundline.local",
  /** The account's local number, in the fictional range the simulator routes to the app. */
  number: "+13055550166",
} as const;

export async function seedTextingAccount(db: Database, password: string): Promise<void> {
  await seedProfessionalAccount(db, password, {
    email: textingAccount.email,
    firstName: "Tess",
    lastName: "Texter",
    companyName: "Tess Plumbing LLC",
    number: { e164: textingAccount.number, friendlyName: "Shop line" },
  });
}
