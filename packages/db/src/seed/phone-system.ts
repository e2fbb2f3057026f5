import { publishIvrSnapshot, readIvrDraft } from "../ivr-versions";
import {
  type BusinessHours,
  defaultBusinessHours,
  emergencyAddresses,
  extensions,
  geoRules,
  greetings,
  ivrMenus,
  ivrOptions,
  numberRouting,
  phoneNumbers,
  widgetConfigurations,
} from "../schema/index";
import type { SeedContext } from "./context";
import type { Directory } from "./directory";

export interface DemoNumber {
  id: string;
  e164: string;
  tollFree: boolean;
}

export interface PhoneSystem {
  main: DemoNumber;
  tollFree: DemoNumber;
  extensionIds: Record<"reception" | "personalInjury" | "familyLaw" | "estates" | "billing", string>;
}

const extensionSeeds = [
  { key: "reception", number: 101, name: "Maria Gonzalez", department: "Reception", forwarding: [] },
  {
    key: "personalInjury",
    number: 102,
    name: "David Chen",
    department: "Personal Injury",
    forwarding: ["+14075550177"],
  },
  { key: "familyLaw", number: 103, name: "Sarah Mitchell", department: "Family Law", forwarding: [] },
  {
    key: "estates",
    number: 104,
    name: "James Porter",
    department: "Wills, Trusts & Estates",
    forwarding: [],
  },
  { key: "billing", number: 105, name: "Olivia Brooks", department: "Billing", forwarding: [] },
] as const;

/** The demo account's numbers, routing, extensions, IVR menus, geo rules and website widget. */
export async function seedPhoneSystem(ctx: SeedContext, dir: Directory): Promise<PhoneSystem> {
  const { tx, calendar } = ctx;
  const accountId = dir.accountIds.demo;
  const since = calendar.daysBefore(74);

  const main: DemoNumber = { id: ctx.id("number"), e164: "+14075550123", tollFree: false };
  const tollFree: DemoNumber = { id: ctx.id("number"), e164: "+18885550142", tollFree: true };
  await tx.insert(phoneNumbers).values([
    {
      id: main.id,
      accountId,
      e164: main.e164,
      friendlyName: "Main Office",
      numberType: "local",
      carrierSid: ctx.sid("PN"),
      createdAt: since,
      updatedAt: since,
    },
    {
      id: tollFree.id,
      accountId,
      e164: tollFree.e164,
      friendlyName: "Toll-Free Intake",
      numberType: "toll-free",
      carrierSid: ctx.sid("PN"),
      createdAt: since,
      updatedAt: since,
    },
  ]);
  // Both numbers place calls (click-to-call), so both have the office as their E911 address.
  await tx.insert(emergencyAddresses).values(
    [main, tollFree].map((number) => ({
      phoneNumberId: number.id,
      accountId,
      carrierSid: ctx.sid("AD"),
      customerName: "Demo Law Group",
      street: "200 S Orange Ave",
      streetSecondary: "Suite 1500",
      city: "Orlando",
      region: "FL",
      postalCode: "32801",
      isoCountry: "US" as const,
      createdAt: since,
      updatedAt: since,
    })),
  );

  const extensionIds = {} as PhoneSystem["extensionIds"];
  await tx.insert(extensions).values(
    extensionSeeds.map((e) => {
      const id = ctx.id("extension");
      extensionIds[e.key] = id;
      const [first, last] = e.name.toLowerCase().split(" ");
      return {
        id,
        accountId,
        extensionNumber: e.number,
        name: e.name,
        email: `${first}.${last}@demolawgroup.example`,
        department: e.department,
        voicemailEnabled: true,
        callForwarding: e.forwarding.length > 0,
        forwardingNumbers: [...e.forwarding],
        createdAt: since,
        updatedAt: since,
      };
    }),
  );

  const mainMenuId = ctx.id("ivrMenu");
  const intakeMenuId = ctx.id("ivrMenu");
  await tx.insert(ivrMenus).values([
    {
      id: mainMenuId,
      accountId,
      name: "Main Menu",
      description: "Answers the main office line during business hours.",
      greetingType: "tts",
      greetingTts:
        "Thank you for calling Demo Law Group. For a free consultation about a new case, press 1. To reach the front desk, press 2. To leave a message for your attorney, press 3. For our address and office hours, press 4. To speak with the operator, press 0. To hear these options again, press star.",
      timeoutSeconds: 8,
      timeoutAction: "repeat",
      invalidInputAction: "repeat",
      maxInvalidInputs: 3,
      createdAt: since,
      updatedAt: since,
    },
    {
      id: intakeMenuId,
      accountId,
      name: "New Client Intake",
      description: "Sends new clients to the attorney for their practice area.",
      greetingType: "tts",
      greetingTts:
        "Please choose your practice area. For personal injury or car accidents, press 1. For divorce, custody or other family matters, press 2. For wills, trusts and estates, press 3. To return to the main menu, press 9.",
      timeoutSeconds: 10,
      timeoutAction: "operator",
      invalidInputAction: "ivr_menu",
      invalidInputActionDestination: mainMenuId,
      maxInvalidInputs: 2,
      createdAt: since,
      updatedAt: since,
    },
  ]);

  const option = (
    menuId: string,
    keyPress: string,
    action: (typeof ivrOptions.$inferInsert)["action"],
    destination: string | null,
    description: string,
  ) => ({
    id: ctx.id("ivrOption"),
    menuId,
    accountId,
    keyPress,
    action,
    destination,
    description,
    createdAt: since,
    updatedAt: since,
  });
  await tx
    .insert(ivrOptions)
    .values([
      option(mainMenuId, "1", "ivr_menu", intakeMenuId, "New client consultation"),
      option(mainMenuId, "2", "extension", extensionIds.reception, "Front desk"),
      option(mainMenuId, "3", "voicemail", null, "Leave a message"),
      option(
        mainMenuId,
        "4",
        "play_message",
        "Demo Law Group is at 200 South Orange Avenue, Suite 1500, in downtown Orlando. We are open Monday to Friday from 9 AM to 5 PM.",
        "Address and office hours",
      ),
      option(mainMenuId, "0", "operator", null, "Operator"),
      option(mainMenuId, "*", "repeat", null, "Repeat the options"),
      option(intakeMenuId, "1", "extension", extensionIds.personalInjury, "Personal injury"),
      option(intakeMenuId, "2", "extension", extensionIds.familyLaw, "Family law"),
      option(intakeMenuId, "3", "extension", extensionIds.estates, "Wills, trusts and estates"),
      option(intakeMenuId, "9", "ivr_menu", mainMenuId, "Back to the main menu"),
      option(intakeMenuId, "0", "operator", null, "Operator"),
    ]);
  // The demo's calls follow published menus, as an account's do once it presses Publish.
  await publishIvrSnapshot(tx, {
    accountId,
    snapshot: await readIvrDraft(tx, accountId),
    publishedBy: null,
    note: "Demo menus",
    now: since,
    id: ctx.id("ivrVersion"),
  });

  const extendedHours: BusinessHours = {
    ...defaultBusinessHours,
    monday: { active: true, start: "08:00", end: "18:00" },
    tuesday: { active: true, start: "08:00", end: "18:00" },
    wednesday: { active: true, start: "08:00", end: "18:00" },
    thursday: { active: true, start: "08:00", end: "18:00" },
    friday: { active: true, start: "08:00", end: "17:00" },
    saturday: { active: true, start: "10:00", end: "14:00" },
  };
  await tx.insert(numberRouting).values([
    {
      phoneNumberId: main.id,
      accountId,
      ringStrategy: "simultaneous",
      ringTimeoutSeconds: 25,
      businessHours: defaultBusinessHours,
      businessHoursTargetType: "ivr_menu",
      businessHoursTargetId: mainMenuId,
      afterHoursTargetType: "voicemail",
      holdMusic: "classical",
      voicemailEnabled: true,
      createdAt: since,
      updatedAt: since,
    },
    {
      phoneNumberId: tollFree.id,
      accountId,
      ringStrategy: "sequential",
      ringTimeoutSeconds: 20,
      businessHours: extendedHours,
      businessHoursTargetType: "ring_group",
      businessHoursRingGroup: [extensionIds.reception, extensionIds.personalInjury, extensionIds.familyLaw],
      afterHoursTargetType: "forward",
      // The after-hours answering service.
      afterHoursTargetId: "+14075550188",
      holdMusic: "jazz",
      voicemailEnabled: true,
      createdAt: since,
      updatedAt: since,
    },
  ]);

  await tx.insert(greetings).values({
    id: ctx.id("greeting"),
    accountId,
    phoneNumberId: main.id,
    slot: "voicemail",
    kind: "tts",
    ttsText:
      "You have reached Demo Law Group. Our office is open Monday to Friday, 9 AM to 5 PM. Please leave your name, number and a short message, and we will call you back the next business day.",
    createdAt: since,
    updatedAt: since,
  });

  // Demo Law Group holds Florida on #4LAW and edits the rules that share its callers out.
  const law = dir.sharedNumberIds["#4LAW"];
  const taxi = dir.sharedNumberIds["#TAXI"];
  const rule = (
    sharedNumberId: string,
    ownerId: string,
    priority: number,
    locationType: (typeof geoRules.$inferInsert)["locationType"],
    locationValue: string,
    targetAccountId: string,
    ivrMenuId: string | null = null,
  ) => ({
    id: ctx.id("geoRule"),
    sharedNumberId,
    accountId: ownerId,
    priority,
    locationType,
    locationValue,
    targetAccountId,
    ivrMenuId,
    createdAt: since,
    updatedAt: since,
  });
  const { demo, peachtree, mapleLeaf, sunshine, loneStar, greatLakes } = dir.accountIds;
  await tx
    .insert(geoRules)
    .values([
      rule(law, demo, 1, "areaCode", "407, 321, 689", demo, intakeMenuId),
      rule(law, demo, 2, "state", "FL", demo, mainMenuId),
      rule(law, demo, 3, "state", "GA", peachtree),
      rule(law, demo, 4, "province", "ON", mapleLeaf),
      rule(law, demo, 5, "country", "CA", mapleLeaf),
      rule(taxi, sunshine, 1, "state", "FL", sunshine),
      rule(taxi, sunshine, 2, "areaCode", "713, 281, 832", loneStar),
      rule(taxi, sunshine, 3, "state", "TX", loneStar),
      rule(taxi, sunshine, 4, "areaCode", "416, 647, 437", greatLakes),
      rule(taxi, sunshine, 5, "province", "ON", greatLakes),
    ]);

  await tx.insert(widgetConfigurations).values({
    id: ctx.id("widget"),
    accountId,
    name: "Website call & text buttons",
    type: "combined",
    callText: "Call Us Now",
    smsText: "Text Us Now",
    primaryColor: "#1d3557",
    textColor: "#ffffff",
    position: "bottom-right",
    territoryLicenseId: dir.demoLicenseId,
    publicKey: ctx.id("widgetKey"),
    createdAt: calendar.daysBefore(40),
    updatedAt: calendar.daysBefore(40),
  });

  return { main, tollFree, extensionIds };
}
