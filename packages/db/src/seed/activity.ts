import { callLogs, contacts, messages, smsOptOuts, voicemails } from "../schema/index";
import type { SeedContext } from "./context";
import type { Directory } from "./directory";
import type { DemoNumber, PhoneSystem } from "./phone-system";
import { usageRates } from "./site-content";

/** A usage charge to debit from the wallet, in cents (positive here, negative in the ledger). */
export interface UsageCharge {
  at: Date;
  type: "call_charge" | "sms_charge";
  cents: number;
  description: string;
  idempotencyKey: string;
  reference: string;
}

type LeadStatus = "new" | "contacted" | "qualified" | "proposal" | "negotiation" | "won" | "lost";
type ContactType = "lead" | "client" | "vendor" | "other";
type Source = "call" | "text" | "manual" | "website" | "referral";

interface PersonSeed {
  name: string;
  area: string;
  type: ContactType;
  status: LeadStatus;
  source: Source;
  tags: string[];
  company?: string;
  address?: string;
  notes?: string;
  fields?: Record<string, string>;
  /** How often this person calls, relative to the others. */
  weight?: number;
}

interface Person extends PersonSeed {
  id: string;
  phone: string;
  firstName: string;
  /** When we called, were called or texted: the newest is the contact's last_contacted. */
  touches: Date[];
}

const areaCodes: Record<string, { city: string; state: string; country: string }> = {
  "407": { city: "Orlando", state: "FL", country: "US" },
  "321": { city: "Melbourne", state: "FL", country: "US" },
  "689": { city: "Orlando", state: "FL", country: "US" },
  "305": { city: "Miami", state: "FL", country: "US" },
  "813": { city: "Tampa", state: "FL", country: "US" },
  "904": { city: "Jacksonville", state: "FL", country: "US" },
  "352": { city: "Gainesville", state: "FL", country: "US" },
  "561": { city: "West Palm Beach", state: "FL", country: "US" },
  "404": { city: "Atlanta", state: "GA", country: "US" },
  "212": { city: "New York", state: "NY", country: "US" },
  "713": { city: "Houston", state: "TX", country: "US" },
  "416": { city: "Toronto", state: "ON", country: "CA" },
};

const personSeeds: PersonSeed[] = [
  {
    name: "Michael Thompson",
    address: "2417 Edgewater Dr, Orlando, FL 32804",
    area: "407",
    type: "client",
    status: "won",
    source: "call",
    tags: ["personal-injury", "retainer-signed"],
    notes: "Rear-ended on I-4 in January. Retainer signed; waiting on medical records from Orlando Health.",
    fields: { "Case number": "PI-2026-014" },
    weight: 3,
  },
  {
    name: "Jennifer Alvarez",
    area: "321",
    type: "lead",
    status: "qualified",
    source: "text",
    tags: ["personal-injury", "consultation-booked"],
    notes: "Uninsured motorist claim. Consultation booked with David.",
    weight: 2,
  },
  {
    name: "Robert Kim",
    address: "1630 Via Tuscany, Winter Park, FL 32789",
    area: "407",
    type: "client",
    status: "won",
    source: "referral",
    tags: ["estate-planning", "vip"],
    notes: "Will and revocable trust for Robert and his wife. Referred by Victoria Chang.",
    fields: { "Case number": "EP-2026-006" },
    weight: 2,
  },
  {
    name: "Ashley Washington",
    address: "88 Lake Baldwin Ln, Orlando, FL 32814",
    area: "689",
    type: "client",
    status: "won",
    source: "website",
    tags: ["family-law", "court-date"],
    notes: "Custody modification. Mediation scheduled at the Orange County Courthouse.",
    fields: { "Case number": "FL-2025-118" },
    weight: 3,
  },
  {
    name: "Christopher Nguyen",
    area: "813",
    type: "lead",
    status: "lost",
    source: "website",
    tags: ["personal-injury"],
    notes: "Went with another firm. Opted out of texts.",
    weight: 0.5,
  },
  {
    name: "Jessica Patel",
    area: "407",
    type: "lead",
    status: "proposal",
    source: "call",
    tags: ["family-law", "follow-up"],
    notes: "Uncontested divorce; sent flat-fee proposal.",
  },
  {
    name: "Daniel Rodriguez",
    area: "305",
    type: "lead",
    status: "contacted",
    source: "text",
    tags: ["workers-comp", "spanish-speaking"],
    notes: "Workplace injury at a construction site. Prefers Spanish; Maria handles calls.",
    fields: { "Preferred language": "Spanish" },
    weight: 2,
  },
  {
    name: "Emily Carter",
    area: "352",
    type: "lead",
    status: "new",
    source: "website",
    tags: ["estate-planning"],
    notes: "Living trust for her mother. Asked about flat fees.",
  },
  {
    name: "Matthew Sullivan",
    address: "5120 S Kirkman Rd, Apt 214, Orlando, FL 32811",
    area: "407",
    type: "client",
    status: "won",
    source: "call",
    tags: ["personal-injury", "retainer-signed"],
    notes: "Slip and fall at a grocery store. Demand letter sent.",
    fields: { "Case number": "PI-2025-203" },
    weight: 2,
  },
  {
    name: "Sophia Martinez",
    area: "305",
    type: "lead",
    status: "negotiation",
    source: "referral",
    tags: ["family-law", "spanish-speaking"],
    fields: { "Preferred language": "Spanish" },
    weight: 1.5,
  },
  {
    name: "Andrew Johnson",
    area: "904",
    type: "lead",
    status: "contacted",
    source: "call",
    tags: ["personal-injury"],
  },
  {
    name: "Olivia Bennett",
    area: "407",
    type: "client",
    status: "won",
    source: "manual",
    tags: ["estate-planning", "retainer-signed"],
    fields: { "Case number": "EP-2025-091" },
  },
  {
    name: "Joshua Reed",
    area: "321",
    type: "lead",
    status: "new",
    source: "call",
    tags: [],
  },
  {
    name: "Lauren Hughes",
    area: "813",
    type: "lead",
    status: "qualified",
    source: "website",
    tags: ["family-law", "consultation-booked"],
    notes: "Prenuptial agreement; wedding in June.",
  },
  {
    name: "Brandon Scott",
    area: "407",
    type: "lead",
    status: "lost",
    source: "call",
    tags: ["personal-injury"],
    notes: "Statute of limitations had run.",
    weight: 0.5,
  },
  {
    name: "Natalie Flores",
    address: "1402 E Michigan St, Orlando, FL 32806",
    area: "689",
    type: "client",
    status: "won",
    source: "referral",
    tags: ["family-law", "court-date", "spanish-speaking"],
    fields: { "Case number": "FL-2026-004", "Preferred language": "Spanish" },
    weight: 2,
  },
  {
    name: "Kevin O'Brien",
    area: "404",
    type: "lead",
    status: "contacted",
    source: "call",
    tags: ["personal-injury", "follow-up"],
    notes: "Accident happened in Georgia; may refer to Peachtree Legal Partners.",
  },
  {
    name: "Rachel Goldberg",
    address: "400 S Park Ave, Unit 7B, Winter Park, FL 32789",
    area: "212",
    type: "client",
    status: "won",
    source: "referral",
    tags: ["estate-planning", "vip"],
    notes: "Snowbird; owns a condo in Winter Park. Ancillary probate for her late father's Florida property.",
    fields: { "Case number": "EP-2026-011" },
  },
  {
    name: "Tyler Henderson",
    area: "407",
    type: "lead",
    status: "proposal",
    source: "website",
    tags: ["personal-injury"],
  },
  {
    name: "Megan Foster",
    area: "321",
    type: "lead",
    status: "negotiation",
    source: "call",
    tags: ["family-law"],
    notes: "Child support modification; comparing our fee with another firm.",
  },
  {
    name: "Justin Park",
    area: "407",
    type: "lead",
    status: "new",
    source: "call",
    tags: [],
  },
  {
    name: "Hannah Lewis",
    area: "561",
    type: "lead",
    status: "qualified",
    source: "referral",
    tags: ["estate-planning", "follow-up"],
  },
  {
    name: "Marcus Green",
    address: "3201 E Colonial Dr, Suite 12, Orlando, FL 32803",
    area: "407",
    type: "vendor",
    status: "won",
    source: "manual",
    company: "Green Process Serving LLC",
    tags: ["process-server"],
    notes: "Serves papers in Orange, Seminole and Osceola counties.",
  },
  {
    name: "Linda Fairbanks",
    address: "111 N Orange Ave, Suite 800, Orlando, FL 32801",
    area: "407",
    type: "vendor",
    status: "won",
    source: "manual",
    company: "Sunstate Court Reporting",
    tags: ["court-reporter"],
  },
  {
    name: "Dr. Alan Whitfield",
    address: "1222 S Orange Ave, Orlando, FL 32806",
    area: "407",
    type: "other",
    status: "won",
    source: "manual",
    company: "Orlando Orthopedic Associates",
    tags: ["medical-provider"],
    notes: "Treats several of our personal injury clients; records requests go to his office manager.",
  },
  {
    name: "Carmen Delgado",
    area: "305",
    type: "lead",
    status: "contacted",
    source: "text",
    tags: ["workers-comp", "spanish-speaking"],
    fields: { "Preferred language": "Spanish" },
  },
  {
    name: "Ethan Brooks",
    area: "904",
    type: "client",
    status: "won",
    source: "website",
    tags: ["personal-injury", "retainer-signed"],
    fields: { "Case number": "PI-2026-022" },
    weight: 2,
  },
  {
    name: "Victoria Chang",
    address: "2600 Lake Lucien Dr, Suite 180, Maitland, FL 32751",
    area: "407",
    type: "other",
    status: "won",
    source: "manual",
    company: "Chang & Associates CPA",
    tags: ["referral-partner", "vip"],
    notes: "CPA who refers estate planning clients.",
  },
  {
    name: "Samuel Ortiz",
    area: "416",
    type: "lead",
    status: "new",
    source: "call",
    tags: ["personal-injury"],
    notes: "Canadian tourist injured in a theme park accident in Orlando.",
  },
  {
    name: "Grace Whitman",
    area: "407",
    type: "lead",
    status: "proposal",
    source: "website",
    tags: ["estate-planning"],
  },
];

const callNotes = [
  "Scheduled a consultation for Thursday at 2 PM.",
  "Asked about the contingency fee; emailed the fee agreement.",
  "Described the accident; we requested the police report.",
  "Follow-up on the hearing date.",
  "Requested copies of the medical bills.",
  "Discussed the mediation schedule.",
  "Will drop off the signed documents tomorrow.",
  "Called back about the settlement offer.",
  "Confirmed the new mailing address.",
  "Left a message with the insurance adjuster's claim number.",
];

const voicemailTexts = [
  "Hi, this is {first}. I'm calling about my case, could someone call me back when you get a chance? Thanks.",
  "Hello, my name is {first}. I was in a car accident yesterday and I'd like to talk to a lawyer. Please call me back at this number.",
  "Hi, it's {first}. I got a letter from the insurance company and I'm not sure what to do with it. Call me back please.",
  "Good afternoon, this is {first}. I need to reschedule my appointment on Thursday. Anytime after 3 works for me.",
  "Hi, {first} here. Just checking whether you received the documents I emailed this morning. Thank you.",
  "Hello, this is {first}. I was referred by a friend and have questions about setting up a will. Please give me a call.",
  "Hi, this is {first} returning your call. I'll be at work until 5, you can reach me after that.",
  "Hey, it's {first}. The other driver's insurance called me again. Should I talk to them? Please call me back.",
];

export interface Activity {
  contactCount: number;
  callCount: number;
  messageCount: number;
  voicemailCount: number;
  charges: UsageCharge[];
}

const MINUTE = 60_000;

function rateFor(kind: (typeof usageRates)[number]["kind"]): number {
  const rate = usageRates.find((r) => r.kind === kind);
  if (!rate) throw new Error(`seed: no rate ${kind}`);
  return rate.centsPerUnit;
}

/** 160 GSM characters fit one SMS, 153 per part when split; other alphabets 70 and 67. */
function segmentsOf(body: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: newlines are part of the GSM alphabet
  const gsm = /^[\x0a\x0d\x20-\x7e]*$/.test(body);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / part);
}

function formatUs(e164: string): string {
  return `+1 ${e164.slice(2, 5)}-${e164.slice(5, 8)}-${e164.slice(8)}`;
}

/** Contacts, and 60 days of calls, texts and voicemails with them. */
export async function seedActivity(ctx: SeedContext, dir: Directory, phones: PhoneSystem): Promise<Activity> {
  const { tx, random, calendar, now } = ctx;
  const accountId = dir.accountIds.demo;
  const carrierAccountSid = ctx.sid("AC");
  const charges: UsageCharge[] = [];

  const people: Person[] = personSeeds.map((p, i) => ({
    ...p,
    id: ctx.id("contact"),
    phone: `+1${p.area}5550${110 + i}`,
    firstName: p.name.replace(/^Dr\. /, "").split(" ")[0] ?? p.name,
    touches: [],
  }));

  // Calls: five to nine on a weekday, a few at weekends, over the 60 days before now.
  const callRows: (typeof callLogs.$inferInsert)[] = [];
  const voicemailRows: (typeof voicemails.$inferInsert)[] = [];
  const weightedPeople = people.map((p) => [p, p.weight ?? 1] as const);
  for (let daysAgo = 59; daysAgo >= 0; daysAgo--) {
    const weekday = calendar.weekday(daysAgo);
    const weekend = weekday === 0 || weekday === 6;
    const count = weekend ? random.int(0, 2) : random.int(5, 9);
    for (let n = 0; n < count; n++) {
      const person = random.weighted(weightedPeople);
      const hour = weekend
        ? random.int(9, 16)
        : random.weighted([
            [7, 1],
            [8, 3],
            [9, 6],
            [10, 8],
            [11, 8],
            [12, 5],
            [13, 7],
            [14, 8],
            [15, 7],
            [16, 6],
            [17, 3],
            [18, 2],
            [19, 1],
          ] as const);
      const start = calendar.at(daysAgo, hour, random.int(0, 59), random.int(0, 59));
      if (start.getTime() > now.getTime() - 30 * MINUTE) continue;
      const afterHours = weekend || hour < 9 || hour >= 17;
      const call = buildCall(ctx, person, start, afterHours, phones, dir.ownerIds.demo);
      const id = ctx.id("call");
      callRows.push({ id, accountId, contactId: person.id, ...call.row });
      person.touches.push(start);
      if (call.charge) charges.push(call.charge);
      if (call.row.callStatus === "voicemail_missed") {
        const recordingSid = ctx.sid("RE");
        voicemailRows.push({
          id: ctx.id("voicemail"),
          accountId,
          callLogId: id,
          callSid: call.row.callSid,
          recordingSid,
          recordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${carrierAccountSid}/Recordings/${recordingSid}`,
          durationSeconds: call.row.durationSeconds ?? 0,
          fromNumber: call.row.fromNumber,
          toNumber: call.row.toNumber,
          transcription: random.pick(voicemailTexts).replace("{first}", person.firstName),
          transcriptionStatus: "completed",
          status: "read",
          createdAt: call.row.endedAt ?? start,
        });
      }
    }
  }
  // The newest voicemails are still unread; the very newest awaits its transcription.
  voicemailRows.forEach((vm, i) => {
    const fromEnd = voicemailRows.length - 1 - i;
    if (fromEnd < 4) vm.status = "unread";
    if (fromEnd === 0) {
      vm.transcription = null;
      vm.transcriptionStatus = "pending";
    }
    if (fromEnd === 6) {
      vm.transcription = null;
      vm.transcriptionStatus = "failed";
    }
  });

  const { rows: messageRows, optOuts } = buildConversations(ctx, people, {
    accountId,
    number: phones.main,
    ownerId: dir.ownerIds.demo,
    carrierAccountSid,
  });
  for (const m of messageRows) {
    const segments = m.numSegments ?? 1;
    const mms = (m.numMedia ?? 0) > 0;
    const cents = mms ? rateFor("mms_message") : segments * rateFor("sms_segment");
    m.priceCents = cents;
    const party = m.direction === "inbound" ? `from ${formatUs(m.fromNumber)}` : `to ${formatUs(m.toNumber)}`;
    charges.push({
      at: m.sentAt ?? now,
      type: "sms_charge",
      cents,
      description: `${m.direction === "inbound" ? "Inbound" : "Outbound"} ${mms ? "MMS" : "SMS"} ${party} (${mms ? "1 message" : `${segments} segment${segments > 1 ? "s" : ""}`})`,
      idempotencyKey: `charge-sms:${m.messageSid}`,
      reference: m.messageSid,
    });
  }

  await tx.insert(contacts).values(
    people.map((p) => {
      const touches = p.touches.sort((a, b) => a.getTime() - b.getTime());
      const first = touches[0];
      const last = touches.at(-1);
      const createdAt =
        p.source === "call" || p.source === "text"
          ? new Date((first ?? calendar.daysBefore(random.int(5, 50))).getTime() - 5 * MINUTE)
          : calendar.daysBefore(random.int(61, 120));
      const [firstName = "", ...rest] = p.name
        .replace(/^Dr\. /, "")
        .toLowerCase()
        .split(" ");
      const lastName = rest.join("").replace(/[^a-z]/g, "");
      const followUp = ["qualified", "proposal", "negotiation"].includes(p.status)
        ? calendar.at(-random.int(1, 10), 10)
        : null;
      return {
        id: p.id,
        accountId,
        userId: p.source === "call" || p.source === "text" ? null : dir.ownerIds.demo,
        name: p.name,
        phone: p.phone,
        email:
          p.type === "vendor" || p.type === "other" || random.chance(0.7)
            ? `${firstName}.${lastName}@example.com`
            : null,
        company: p.company ?? null,
        address: p.address ?? null,
        notes: p.notes ?? null,
        leadStatus: p.status,
        contactType: p.type,
        lastContacted: last ?? null,
        followUpDate: followUp,
        source: p.source,
        tags: p.tags,
        customFields: p.fields ?? {},
        createdAt,
        updatedAt: last ?? createdAt,
      };
    }),
  );
  await tx.insert(callLogs).values(callRows);
  await tx.insert(voicemails).values(voicemailRows);
  await tx.insert(messages).values(messageRows);
  await tx
    .insert(smsOptOuts)
    .values(optOuts.map((o) => ({ id: ctx.id("optOut"), accountId, ourNumber: phones.main.e164, ...o })));

  return {
    contactCount: people.length,
    callCount: callRows.length,
    messageCount: messageRows.length,
    voicemailCount: voicemailRows.length,
    charges,
  };
}

/** One call with its outcome, price and wallet charge. */
function buildCall(
  c: SeedContext,
  person: Person,
  start: Date,
  afterHours: boolean,
  numbers: PhoneSystem,
  ownerId: string,
) {
  const inbound = c.random.chance(0.65);
  const number: DemoNumber = inbound && c.random.chance(0.3) ? numbers.tollFree : numbers.main;
  type Status = "completed" | "missed" | "voicemail_missed" | "busy" | "no-answer" | "failed" | "canceled";
  const status: Status = inbound
    ? c.random.weighted<Status>(
        afterHours
          ? [
              ["voicemail_missed", 45],
              ["missed", 25],
              ["completed", 30],
            ]
          : [
              ["completed", 78],
              ["missed", 9],
              ["voicemail_missed", 8],
              ["no-answer", 2],
              ["failed", 1],
              ["canceled", 2],
            ],
      )
    : c.random.weighted<Status>([
        ["completed", 80],
        ["no-answer", 10],
        ["busy", 5],
        ["failed", 2],
        ["canceled", 3],
      ]);

  const ring = c.random.int(4, 22);
  let answeredAt: Date | null = null;
  let duration = 0;
  if (status === "completed") {
    answeredAt = new Date(start.getTime() + ring * 1000);
    duration = c.random.weighted([
      [c.random.int(20, 90), 30],
      [c.random.int(90, 420), 50],
      [c.random.int(420, 1800), 20],
    ] as const);
  } else if (status === "voicemail_missed") {
    duration = c.random.int(12, 95);
  }
  const ringFor = status === "completed" ? ring : status === "failed" ? 0 : 25;
  const endedAt = new Date(start.getTime() + (ringFor + duration) * 1000);

  const rateKind = !inbound ? "call_outbound" : number.tollFree ? "call_toll_free" : "call_inbound";
  const minutes = Math.ceil(duration / 60);
  const priceCents = minutes * rateFor(rateKind);
  const callSid = c.sid("CA");
  const origin = areaCodes[person.area];
  const row = {
    userId: inbound ? null : ownerId,
    phoneNumberId: number.id,
    callSid,
    direction: inbound ? ("inbound" as const) : ("outbound" as const),
    fromNumber: inbound ? person.phone : number.e164,
    toNumber: inbound ? number.e164 : person.phone,
    callStartTime: start,
    answeredAt,
    endedAt,
    durationSeconds: duration,
    callStatus: status,
    lastSequenceNumber: answeredAt ? 3 : 2,
    fromCity: inbound ? (origin?.city ?? null) : null,
    fromState: inbound ? (origin?.state ?? null) : null,
    fromCountry: inbound ? (origin?.country ?? null) : null,
    notes: status === "completed" && c.random.chance(0.18) ? c.random.pick(callNotes) : null,
    priceCents: duration > 0 ? priceCents : null,
    createdAt: start,
    updatedAt: endedAt,
  };
  const charge: UsageCharge | null =
    priceCents > 0
      ? {
          at: endedAt,
          type: "call_charge",
          cents: priceCents,
          description: `${inbound ? `Inbound call from ${formatUs(person.phone)}` : `Outbound call to ${formatUs(person.phone)}`} (${minutes} min)`,
          idempotencyKey: `charge-call:${callSid}`,
          reference: callSid,
        }
      : null;
  return { row, charge };
}

interface ThreadSeed {
  person: string;
  /** When the first message was sent: days before today at a local hour, or minutes before now. */
  start: { daysAgo: number; hour: number } | { minutesAgo: number };
  messages: { from: "them" | "us"; body: string; after: number; media?: boolean }[];
  /** The last inbound message has not been read yet. */
  unread?: boolean;
  /** The person replied STOP: the thread ends with an opt-out. */
  optOut?: boolean;
}

const threads: ThreadSeed[] = [
  {
    person: "Jennifer Alvarez",
    start: { daysAgo: 5, hour: 18 },
    messages: [
      {
        from: "them",
        after: 0,
        body: "Hi, I was in a car accident last week and found you online. Do you handle cases where the other driver didn't have insurance?",
      },
      {
        from: "us",
        after: 840,
        body: "Hi Jennifer, this is Maria at Demo Law Group. Yes, we handle uninsured motorist claims. Would you like a free consultation this week?",
      },
      { from: "them", after: 12, body: "Yes please. Thursday afternoon works best for me." },
      {
        from: "us",
        after: 6,
        body: "You're booked for Thursday at 2:00 PM with David Chen. Please bring the police report and any photos of the vehicles.",
      },
      { from: "them", after: 25, body: "Here are the photos from the scene.", media: true },
      { from: "us", after: 4, body: "Got them, thank you. See you Thursday!" },
    ],
  },
  {
    person: "Michael Thompson",
    start: { daysAgo: 9, hour: 10 },
    messages: [
      {
        from: "us",
        after: 0,
        body: "Hi Michael, your medical records request was sent to Orlando Health today. We'll update you as soon as they arrive.",
      },
      { from: "them", after: 35, body: "Thanks. How long does that usually take?" },
      {
        from: "us",
        after: 10,
        body: "Usually 2-3 weeks. We'll follow up with them if we haven't heard back by the 20th.",
      },
      {
        from: "them",
        after: 1440,
        body: "Sounds good. Also, the insurance adjuster called me again. Should I talk to them?",
      },
      {
        from: "us",
        after: 20,
        body: "Please don't give a recorded statement. Refer them to David Chen at 407-555-0123 ext. 102 and we'll handle it.",
      },
      { from: "them", after: 3, body: "Ok will do. Thank you!" },
    ],
  },
  {
    person: "Ashley Washington",
    start: { daysAgo: 2, hour: 8 },
    unread: true,
    messages: [
      {
        from: "them",
        after: 0,
        body: "Hi, this is Ashley Washington. Is my mediation still on for Monday at 10?",
      },
      {
        from: "us",
        after: 65,
        body: "Hi Ashley, yes. Mediation is Monday at 10 AM at the Orange County Courthouse, room 3B. Sarah will meet you in the lobby at 9:45.",
      },
      { from: "them", after: 5, body: "Perfect, thank you!" },
      { from: "them", after: 240, body: "Sorry, one more question. Do I need to bring my pay stubs?" },
    ],
  },
  {
    person: "Robert Kim",
    start: { daysAgo: 1, hour: 11 },
    unread: true,
    messages: [
      {
        from: "us",
        after: 0,
        body: "Hi Robert, your draft will and trust documents are ready for review. Would you like to come in, or should we email them?",
      },
      { from: "them", after: 50, body: "Email is fine. My wife and I will review them this weekend." },
      {
        from: "us",
        after: 15,
        body: "Sent! Let us know if you have any questions. Once you approve them we'll schedule the signing with a notary.",
      },
      {
        from: "them",
        after: 300,
        body: "We have a couple of questions about the guardianship section. Can James call me tomorrow morning?",
      },
    ],
  },
  {
    person: "Christopher Nguyen",
    start: { daysAgo: 20, hour: 14 },
    optOut: true,
    messages: [
      {
        from: "us",
        after: 0,
        body: "Hi Christopher, this is Demo Law Group following up on your inquiry last month. Are you still looking for help with your claim?",
      },
      { from: "them", after: 90, body: "STOP" },
    ],
  },
  {
    person: "Linda Fairbanks",
    start: { daysAgo: 12, hour: 9 },
    messages: [
      {
        from: "them",
        after: 0,
        body: "Hi, this is Linda from Sunstate Court Reporting. The transcript for the Alvarez deposition is ready. Should I send it to the usual email?",
      },
      { from: "us", after: 30, body: "Yes please, send it to paralegal@demolawgroup.example. Thanks Linda!" },
      { from: "them", after: 45, body: "Done. The invoice is attached to the email as well." },
    ],
  },
  {
    person: "Daniel Rodriguez",
    start: { daysAgo: 3, hour: 12 },
    messages: [
      { from: "them", after: 0, body: "Hola, ¿hablan español? Necesito ayuda con un accidente de trabajo." },
      {
        from: "us",
        after: 20,
        body: "¡Hola Daniel! Sí, Maria habla español. La llamaremos hoy a las 3 PM. ¿Está bien?",
      },
      { from: "them", after: 8, body: "Sí, perfecto. Gracias." },
    ],
  },
  {
    person: "Emily Carter",
    start: { minutesAgo: 150 },
    unread: true,
    messages: [
      {
        from: "them",
        after: 0,
        body: "Hello, I'm looking for someone to help set up a living trust for my mother. Do you offer a flat fee?",
      },
      {
        from: "us",
        after: 18,
        body: "Hi Emily, yes, our living trust packages are flat fee. James Porter can walk you through the options. What's a good time to call?",
      },
      { from: "them", after: 9, body: "Anytime after 4 today would be great." },
    ],
  },
];

function buildConversations(
  ctx: SeedContext,
  people: Person[],
  owner: { accountId: string; number: DemoNumber; ownerId: string; carrierAccountSid: string },
) {
  const { accountId, number, ownerId, carrierAccountSid } = owner;
  const rows: (typeof messages.$inferInsert & {
    fromNumber: string;
    toNumber: string;
    messageSid: string;
  })[] = [];
  const optOuts: { subscriberNumber: string; optedOutAt: Date }[] = [];
  for (const thread of threads) {
    const person = people.find((p) => p.name === thread.person);
    if (!person) throw new Error(`seed: no contact ${thread.person}`);
    let at =
      "minutesAgo" in thread.start
        ? new Date(ctx.now.getTime() - thread.start.minutesAgo * MINUTE)
        : ctx.calendar.at(thread.start.daysAgo, thread.start.hour, 7);
    const lastInbound = thread.messages.findLastIndex((m) => m.from === "them");
    thread.messages.forEach((m, i) => {
      at = new Date(at.getTime() + m.after * MINUTE);
      const inbound = m.from === "them";
      const media = m.media === true;
      const sid = ctx.sid(media ? "MM" : "SM");
      rows.push({
        id: ctx.id("message"),
        accountId,
        contactId: person.id,
        phoneNumberId: number.id,
        userId: inbound ? null : ownerId,
        messageSid: sid,
        direction: inbound ? "inbound" : "outbound",
        fromNumber: inbound ? person.phone : number.e164,
        toNumber: inbound ? number.e164 : person.phone,
        body: m.body,
        numSegments: segmentsOf(m.body),
        numMedia: media ? 1 : 0,
        mediaUrls: media
          ? [
              `https://api.twilio.com/2010-04-01/Accounts/${carrierAccountSid}/Messages/${sid}/Media/ME${sid.slice(2)}`,
            ]
          : [],
        status: inbound ? "received" : "delivered",
        sentAt: at,
        readAt: inbound && !(thread.unread && i === lastInbound) ? new Date(at.getTime() + 7 * MINUTE) : null,
        createdAt: at,
        updatedAt: at,
      });
      person.touches.push(at);
      if (thread.optOut && inbound && m.body === "STOP") {
        optOuts.push({ subscriberNumber: person.phone, optedOutAt: at });
      }
    });
  }
  return { rows, optOuts };
}
