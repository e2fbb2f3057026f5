import { textingRegistrations } from "../schema/index";
import type { SeedContext } from "./context";
import type { Directory } from "./directory";
import type { PhoneSystem } from "./phone-system";

/**
 * The demo account registered for texting long ago (A2P 10DLC approved), so its local number
 * texts as it always has; the registration fees predate the seeded ledger. Seeded last: the ids
 * drawn here shift no other row's.
 */
export async function seedTextingRegistration(ctx: SeedContext, dir: Directory, phones: PhoneSystem) {
  const since = ctx.calendar.daysBefore(70);
  await ctx.tx.insert(textingRegistrations).values({
    id: ctx.id("textingRegistration"),
    accountId: dir.accountIds.demo,
    stage: "approved",
    business: {
      legalName: "Demo Law Group LLC",
      ein: "59-1234567",
      businessType: "Limited Liability Corporation",
      industry: "PROFESSIONAL_SERVICES",
      website: "https://demolawgroup.example",
      street: "200 S Orange Ave",
      city: "Orlando",
      region: "FL",
      postalCode: "32801",
      contact: {
        firstName: "Maria",
        lastName: "Gonzalez",
        title: "Office Manager",
        email: "maria@demolawgroup.example",
        phone: "+14075550123",
      },
    },
    campaign: {
      useCase: "MIXED",
      description: "Appointment reminders, case updates and replies to clients who text the office first.",
      messageSamples: [
        "Reminder: your consultation with Demo Law Group is tomorrow at 10am. Reply STOP to opt out.",
        "Thanks for your message, an attorney will call you back today.",
      ],
      messageFlow: "Clients opt in on the intake form or by texting the office first; STOP opts out.",
      hasEmbeddedLinks: false,
      hasEmbeddedPhone: true,
    },
    profileSid: ctx.sid("BU"),
    brandSid: ctx.sid("BN"),
    messagingServiceSid: ctx.sid("MG"),
    campaignSid: ctx.sid("QE"),
    profileStatus: "twilio-approved",
    brandStatus: "APPROVED",
    campaignStatus: "VERIFIED",
    joinedNumbers: [phones.main.e164],
    feeCents: 0,
    createdAt: since,
    updatedAt: since,
  });
}
