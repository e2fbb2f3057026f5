import { tollFreeVerifications } from "../schema/index";
import type { SeedContext } from "./context";
import type { Directory } from "./directory";
import type { PhoneSystem } from "./phone-system";

/**
 * The demo's toll-free number is verified for texting, approved weeks ago, so the demo (and the
 * flows tested on it) text from it. Drawn last, so the rest of the seed keeps its ids.
 */
export async function seedTollFreeVerification(ctx: SeedContext, dir: Directory, phones: PhoneSystem) {
  const submittedAt = ctx.calendar.daysBefore(72);
  const decidedAt = ctx.calendar.daysBefore(70);
  await ctx.tx.insert(tollFreeVerifications).values({
    id: ctx.id("tollFreeVerification"),
    accountId: dir.accountIds.demo,
    phoneNumberId: phones.tollFree.id,
    carrierSid: ctx.sid("HH"),
    status: "TWILIO_APPROVED",
    profile: {
      businessName: "Demo Law Group",
      businessWebsite: "https://demolawgroup.example",
      businessStreetAddress: "200 S Orange Ave",
      businessCity: "Orlando",
      businessStateProvinceRegion: "FL",
      businessPostalCode: "32801",
      businessCountry: "US",
      businessContactFirstName: "Dana",
      businessContactLastName: "Reyes",
      businessContactEmail: "intake@demolawgroup.example",
      businessContactPhone: "+14075550123",
      notificationEmail: "intake@demolawgroup.example",
      useCaseCategories: ["CUSTOMER_CARE", "ACCOUNT_NOTIFICATIONS"],
      useCaseSummary: "Replies to people who contact our intake line, and appointment reminders.",
      productionMessageSample:
        "Demo Law Group: your consultation is confirmed for Tuesday at 10am. Reply STOP to opt out.",
      optInType: "WEB_FORM",
      optInImageUrls: ["https://demolawgroup.example/opt-in.png"],
      messageVolume: "1000",
      additionalInformation: "",
    },
    submittedAt,
    decidedAt,
    statusCheckedAt: decidedAt,
    createdAt: submittedAt,
    updatedAt: decidedAt,
  });
}
