import {
  type Action,
  can,
  type MembershipRole,
  permissionsOf,
  refusalMessage,
} from "@poundline/contracts/auth/permissions";
import { newId, queryRows, schema } from "@poundline/db";
import { hashCode } from "@poundline/modules/verified-numbers/codes";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openWrites } from "../../src/auth/route-permissions";
import { automationsBody } from "../automations/helpers";
import { type BillingTestApp, createBillingApp } from "../billing/helpers";
import { routingBody, wavBytes } from "../call-routing/helpers";
import { insertCall } from "../calls/call-rows";
import { fundWallet } from "../console/seed";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { insertSharedNumber } from "../geo-routing/helpers";
import { menuBody } from "../ivr/helpers";
import { e911Address, subscribe } from "../numbers/helpers";
import { portInBody } from "../porting/helpers";
import { validCompany } from "../settings/helpers";
import { validBody as textingRegistrationBody } from "../texting-registration/helpers";
import { buyTollFree, profileBody } from "../toll-free-verification/helpers";

/**
 * The permission table, route by route: every console route that declares an action is called
 * by the account's owner, an admin and a member. A role the table allows gets the handler's own
 * answer (a success: the requests are complete); any other gets 403 with the table's wording,
 * and neither the database nor Stripe saw anything.
 */

let t: BillingTestApp;
let owner: TestUser;
const sessions = {} as Record<MembershipRole, SignedIn>;
const roles: MembershipRole[] = ["owner", "admin", "member", "viewer"];
let serial = 0;

beforeAll(async () => {
  // Every route of the table, four times over, from one address: well past the per-minute limit.
  t = await createBillingApp({ API_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await createUser(t);
  await subscribe(t, owner.accountId, "Enterprise");
  // Calls and texts are prepaid: the allowed ones must find money in the wallet.
  await fundWallet(t, owner.accountId, 100_000);
  sessions.owner = await signIn(t, owner);
  sessions.admin = await signIn(t, await createMember(t, owner.accountId, "admin"));
  sessions.member = await signIn(t, await createMember(t, owner.accountId, "member"));
  sessions.viewer = await signIn(t, await createMember(t, owner.accountId, "viewer"));
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function asOwner<T = Record<string, unknown>>(
  method: Method,
  url: string,
  status: number,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: sessions.owner.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
}

// What the requests act on, made by the owner for each call (so every allowed call succeeds).

async function numberForSale(): Promise<string> {
  const { numbers } = await asOwner<{ numbers: { e164: string }[] }>(
    "GET",
    "/api/numbers/available?areaCode=305",
    200,
  );
  serial += 1;
  const offer = numbers[serial % numbers.length];
  if (!offer) throw new Error("nothing for sale");
  return offer.e164;
}

async function boughtNumber(): Promise<{ id: string; e164: string }> {
  const e164 = await numberForSale();
  return asOwner("POST", "/api/numbers", 201, { e164, friendlyName: "Line" });
}

/** A toll-free number of the owner's whose verification the carrier rejected (so it may be resubmitted). */
async function rejectedTollFree(): Promise<string> {
  const number = await buyTollFree(t, sessions.owner);
  await asOwner("POST", `/api/numbers/${number.id}/toll-free-verification`, 201, profileBody());
  const [row] = await t.db.db
    .select({ carrierSid: schema.tollFreeVerifications.carrierSid })
    .from(schema.tollFreeVerifications)
    .where(eq(schema.tollFreeVerifications.phoneNumberId, number.id));
  const registry = t.app.deps.simulator?.tollfreeVerifications;
  const atCarrier = registry?.get(row?.carrierSid ?? "");
  if (!registry || !atCarrier) throw new Error("the verification is not at the carrier");
  registry.review(atCarrier, { decision: "reject", reason: "Unreadable opt-in image." });
  await asOwner("GET", `/api/numbers/${number.id}/toll-free-verification`, 200);
  return number.id;
}

/** A phone number no contact of the account has yet (contacts are unique by phone). */
const newPhone = () => {
  serial += 1;
  return `555${String(1_000_000 + serial).slice(-7)}`;
};

const contact = () =>
  asOwner<{ id: string }>("POST", "/api/contacts", 201, { name: "Ada", phone: newPhone() });

const extension = () => {
  serial += 1;
  return asOwner<{ id: string }>("POST", "/api/extensions", 201, {
    extensionNumber: 200 + serial,
    name: `Desk ${serial}`,
    forwardingNumbers: ["+13055550101"],
  });
};

const menu = () => asOwner<{ id: string }>("POST", "/api/ivr-menus", 201, menuBody("Main", "Hello."));

async function publishedVersion(): Promise<string> {
  await menu();
  const version = await asOwner<{ id: string }>("POST", "/api/ivr-menus/publish", 201, {});
  await menu();
  return version.id;
}

/** A try-it call belongs to whoever started it: the caller's own where their role may start one. */
const ivrTry = async (role: MembershipRole) => {
  await menu();
  const starter = can(role, "ivr.edit") ? role : "owner";
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ivr-menus/try",
    headers: sessions[starter].headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ tryId: string }>();
};

/** A call in the account's history, to tag. */
const loggedCall = () => insertCall(t, owner.accountId, { callStartTime: new Date("2026-03-10T15:00:00Z") });

const template = () => {
  serial += 1;
  return asOwner<{ id: string }>("POST", "/api/text-templates", 201, {
    name: `Directions ${serial}`,
    body: "Hi {first_name}, {business_name} is at 100 Main Street.",
  });
};

/** A text from one of the account's numbers, to be sent long after the test. */
const scheduleBody = async () => ({
  from: (await boughtNumber()).e164,
  to: "+13125550177",
  body: "See you tomorrow",
  sendAt: "2099-01-15T09:30",
});

const blockEntry = () => {
  serial += 1;
  return asOwner<{ id: string }>("POST", "/api/call-blocking/entries", 201, {
    kind: "number",
    value: `+1900555${String(1000 + serial).slice(-4)}`,
  });
};

const webhookBody = { url: "https://hooks.example.com/in", eventTypes: ["call.completed"] };

/** The account's webhook the non-destructive rows act on, with one delivery (made once). */
let sharedHook: Promise<{ id: string; deliveryId: string }> | null = null;
const webhook = () => {
  sharedHook ??= (async () => {
    const { id } = await asOwner<{ id: string }>("POST", "/api/webhooks", 201, webhookBody);
    const delivery = await asOwner<{ id: string }>("POST", `/api/webhooks/${id}/test`, 202);
    return { id, deliveryId: delivery.id };
  })();
  return sharedHook;
};
const widget = async () =>
  asOwner<{ id: string }>("POST", "/api/widgets", 201, { licensedNumberId: (await boughtNumber()).id });

async function sharedNumber(): Promise<string> {
  const { id } = await insertSharedNumber(t, { manager: owner.accountId, licensees: [owner.accountId] });
  return id;
}

async function invoice(): Promise<string> {
  const id = newId("invoice");
  serial += 1;
  await t.db.db.insert(schema.invoices).values({
    id,
    accountId: owner.accountId,
    invoiceNumber: `INV-9${String(serial).padStart(5, "0")}`,
    issueDate: "2026-11-01",
    dueDate: "2026-11-15",
    totalAmountCents: 2499,
    status: "unpaid",
  });
  return id;
}

/** A paid top-up Checkout of the owner's account: its session id. */
async function paidCheckoutSession(): Promise<string> {
  const { url } = await asOwner<{ url: string }>("POST", "/api/billing/checkout", 200, {
    kind: "top_up",
    amountCents: 1000,
  });
  const sessionId = url.split("/").at(-1) ?? "";
  await t.standIn.completeCheckout(sessionId);
  return sessionId;
}

/** A saved card: a top-up paid at the stand-in leaves its card on the customer. */
async function card(): Promise<string> {
  const { url } = await asOwner<{ url: string }>("POST", "/api/billing/checkout", 200, {
    kind: "top_up",
    amountCents: 1000,
  });
  await t.standIn.completeCheckout(url.split("/").at(-1) ?? "");
  const { paymentMethods } = await asOwner<{ paymentMethods: { id: string }[] }>(
    "GET",
    "/api/billing/payment-methods",
    200,
  );
  const [first] = paymentMethods;
  if (!first) throw new Error("no card saved");
  return first.id;
}

interface Request {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

interface GuardedRoute {
  /** The route as registered ("METHOD /api/path"): every declared one needs a row. */
  route: string;
  /** What the request needs: the route's declared action, then any its handler checks. */
  actions: [Action, ...Action[]];
  /** Made fresh for each call, by the owner unless it must be the caller's own. */
  request: (role: MembershipRole) => Promise<Request>;
  /** The handler's answer to a role that may. */
  status: number;
  /** Several rows per route: what tells them apart. */
  variant?: string;
}

/** A key of the account, made by the owner, to revoke. */
async function apiKey(): Promise<{ id: string }> {
  const created = await asOwner<{ key: { id: string } }>("POST", "/api/api-keys", 201, {
    name: "To revoke",
    scopes: ["calls:read"],
  });
  return created.key;
}

/** A number of the account waiting for its code: `123456` while it is good. */
async function pendingVerifiedNumber(): Promise<string> {
  const id = newId("verifiedNumber");
  serial += 1;
  await t.db.db.insert(schema.verifiedNumbers).values({
    id,
    accountId: owner.accountId,
    e164: `+1305556${String(1000 + serial).slice(-4)}`,
    codeHash: hashCode(id, "123456"),
    codeExpiresAt: new Date(Date.now() + 5 * 60_000),
    channel: "sms",
    codeSentAt: new Date(Date.now() - 5 * 60_000),
  });
  return id;
}

/** A new address to invite, and an invitation to it sent by the owner. */
const inviteeEmail = () => {
  serial += 1;
  return `invitee-${serial}@example.com`;
};
const invitation = () =>
  asOwner<{ id: string }>("POST", "/api/team/invitations", 201, { email: inviteeEmail(), role: "member" });

/**
 * Until the simulator has finished the calls an earlier row placed (a greeting's call to a phone
 * reports to the app as it goes), so a refused row's database is compared at rest.
 */
const carrierIdle = async () => {
  await t.app.deps.simulator?.idle();
  return {};
};

/** A colleague in the owner's account, to change or remove. */
const colleague = () => createMember(t, owner.accountId, "member");

/**
 * The owner's transfer makes someone else the owner: each call starts from the table's owner
 * owning the account again, so the rows and roles after it find the account as they expect.
 */
async function ownerOwnsAgain() {
  await t.db.db
    .update(schema.accountMemberships)
    .set({ role: "member" })
    .where(
      and(
        eq(schema.accountMemberships.accountId, owner.accountId),
        eq(schema.accountMemberships.role, "owner"),
        ne(schema.accountMemberships.userId, owner.id),
      ),
    );
  await t.db.db
    .update(schema.accountMemberships)
    .set({ role: "owner" })
    .where(
      and(
        eq(schema.accountMemberships.accountId, owner.accountId),
        eq(schema.accountMemberships.userId, owner.id),
      ),
    );
}

const fixed = (url: string, payload?: object) => async (): Promise<Request> => ({
  url,
  ...(payload ? { payload } : {}),
});

const guarded: GuardedRoute[] = [
  // Where the account may call, and the numbers an unpaid trial may call.
  {
    route: "PUT /api/destination-policy",
    actions: ["calling.countries"],
    status: 200,
    request: fixed("/api/destination-policy", { allowedCountries: ["US", "CA"] }),
  },
  {
    route: "PUT /api/recording-retention",
    actions: ["recordings.retention"],
    status: 200,
    request: fixed("/api/recording-retention", { days: 90 }),
  },
  {
    // A recording's file: refused before anything is read; a role that may is told there is none.
    route: "GET /api/calls/:id/recordings/:recordingId/download",
    actions: ["recordings.download"],
    status: 404,
    request: fixed(`/api/calls/${newId("call")}/recordings/${newId("callRecording")}/download`),
  },
  {
    route: "POST /api/verified-numbers",
    actions: ["numbers.verify"],
    status: 201,
    request: async () => {
      serial += 1;
      return {
        url: "/api/verified-numbers",
        payload: { e164: `+1305557${String(1000 + serial).slice(-4)}`, channel: "sms" },
      };
    },
  },
  {
    route: "POST /api/verified-numbers/:id/code",
    actions: ["numbers.verify"],
    status: 200,
    request: async () => ({
      url: `/api/verified-numbers/${await pendingVerifiedNumber()}/code`,
      payload: { channel: "sms" },
    }),
  },
  {
    route: "POST /api/verified-numbers/:id/verify",
    actions: ["numbers.verify"],
    status: 200,
    request: async () => ({
      url: `/api/verified-numbers/${await pendingVerifiedNumber()}/verify`,
      payload: { code: "123456" },
    }),
  },
  {
    route: "DELETE /api/verified-numbers/:id",
    actions: ["numbers.verify"],
    status: 204,
    request: async () => ({ url: `/api/verified-numbers/${await pendingVerifiedNumber()}` }),
  },
  // Porting numbers in: owners and admins, like buying.
  {
    route: "POST /api/porting/portability",
    actions: ["numbers.buy"],
    status: 200,
    request: fixed("/api/porting/portability", { numbers: ["+13055550177"] }),
  },
  {
    route: "POST /api/porting",
    actions: ["numbers.buy"],
    status: 201,
    request: fixed("/api/porting", portInBody()),
  },
  {
    route: "DELETE /api/porting/:id",
    actions: ["numbers.buy"],
    status: 200,
    request: async () => ({
      url: `/api/porting/${(await asOwner<{ id: string }>("POST", "/api/porting", 201, portInBody())).id}`,
    }),
  },
  // Numbers: buying, changing, releasing.
  {
    route: "GET /api/numbers/available",
    actions: ["numbers.buy"],
    status: 200,
    request: fixed("/api/numbers/available?areaCode=305"),
  },
  {
    route: "GET /api/numbers/countries",
    actions: ["numbers.buy"],
    status: 200,
    request: fixed("/api/numbers/countries"),
  },
  {
    route: "GET /api/numbers/requirements",
    actions: ["numbers.buy"],
    status: 200,
    request: fixed("/api/numbers/requirements?country=GB&type=local"),
  },
  {
    route: "GET /api/numbers/bundles",
    actions: ["numbers.buy"],
    status: 200,
    request: fixed("/api/numbers/bundles"),
  },
  {
    route: "POST /api/numbers/bundles",
    actions: ["numbers.buy"],
    status: 201,
    request: async () => ({
      url: "/api/numbers/bundles",
      payload: {
        country: "GB",
        type: "local",
        endUserType: "business",
        endUser: { business_name: "Acme Ltd", business_registration_number: "01234567" },
        address: { street: "1 Long Acre", city: "London", postalCode: "WC2E 9LA" },
      },
    }),
  },
  {
    route: "POST /api/numbers",
    actions: ["numbers.buy"],
    status: 201,
    request: async () => ({
      url: "/api/numbers",
      payload: { e164: await numberForSale(), friendlyName: "New" },
    }),
  },
  {
    route: "PATCH /api/numbers/:id",
    actions: ["numbers.edit"],
    status: 200,
    request: async () => ({
      url: `/api/numbers/${(await boughtNumber()).id}`,
      payload: { friendlyName: "Renamed" },
    }),
  },
  {
    route: "POST /api/numbers/:id/toll-free-verification",
    actions: ["numbers.edit"],
    status: 201,
    request: async () => ({
      url: `/api/numbers/${(await buyTollFree(t, sessions.owner)).id}/toll-free-verification`,
      payload: profileBody(),
    }),
  },
  {
    route: "PUT /api/numbers/:id/toll-free-verification",
    actions: ["numbers.edit"],
    status: 200,
    request: async () => ({
      url: `/api/numbers/${await rejectedTollFree()}/toll-free-verification`,
      payload: profileBody(),
    }),
  },
  {
    route: "PUT /api/numbers/:id/e911",
    actions: ["numbers.edit"],
    status: 200,
    request: async () => ({ url: `/api/numbers/${(await boughtNumber()).id}/e911`, payload: e911Address }),
  },
  {
    route: "DELETE /api/numbers/:id",
    actions: ["numbers.release"],
    status: 204,
    request: async () => ({ url: `/api/numbers/${(await boughtNumber()).id}` }),
  },
  // People: an owner or admin gives a member a direct line.
  {
    route: "PUT /api/people/:id/direct-line",
    actions: ["users.manage"],
    status: 200,
    request: async () => ({
      url: `/api/people/${owner.id}/direct-line`,
      payload: { directNumberId: null, extensionId: (await extension()).id },
    }),
  },
  // Calls, texts, voicemails, contacts: every role.
  {
    route: "POST /api/calls/click-to-call",
    actions: ["calls.place"],
    status: 201,
    request: async () => {
      const number = await boughtNumber();
      await asOwner("PUT", `/api/numbers/${number.id}/e911`, 200, e911Address);
      return {
        url: "/api/calls/click-to-call",
        payload: { myPhone: "+14155550123", to: "+14155550199", callerId: number.id },
      };
    },
  },
  {
    route: "POST /api/console/setup-guide/test-call",
    actions: ["calls.place"],
    status: 200,
    request: async () => {
      await boughtNumber();
      return { url: "/api/console/setup-guide/test-call" };
    },
  },
  {
    route: "POST /api/softphone/token",
    actions: ["calls.place"],
    status: 200,
    request: fixed("/api/softphone/token"),
  },
  {
    route: "GET /api/softphone/settings",
    actions: ["calls.place"],
    status: 200,
    request: fixed("/api/softphone/settings"),
  },
  {
    route: "PUT /api/softphone/settings",
    actions: ["calls.place"],
    status: 200,
    request: fixed("/api/softphone/settings", { ringBrowser: false }),
  },
  {
    route: "GET /api/softphone/calls/:callSid/card",
    actions: ["calls.place"],
    status: 200,
    request: fixed(`/api/softphone/calls/CA${"0".repeat(32)}/card`),
  },
  {
    route: "POST /api/calls/:callSid/transfer",
    actions: ["calls.place"],
    // A call the carrier does not have: the role may, and the call is not found.
    status: 404,
    request: fixed(`/api/calls/CA${"0".repeat(32)}/transfer`, { target: { kind: "ring_group" } }),
  },
  // Holding and calling others into a call: the role may, and the carrier has no such call.
  {
    route: "POST /api/calls/:callSid/hold",
    actions: ["calls.place"],
    status: 404,
    request: fixed(`/api/calls/CA${"0".repeat(32)}/hold`, { legCallSid: `CA${"1".repeat(32)}`, hold: true }),
  },
  {
    route: "POST /api/calls/:callSid/parties",
    actions: ["calls.place"],
    status: 404,
    request: fixed(`/api/calls/CA${"0".repeat(32)}/parties`, {
      legCallSid: `CA${"1".repeat(32)}`,
      target: { kind: "number", number: "+13055550999" },
    }),
  },
  {
    route: "DELETE /api/calls/:callSid/parties/:partyCallSid",
    actions: ["calls.place"],
    status: 404,
    request: fixed(`/api/calls/CA${"0".repeat(32)}/parties/CA${"2".repeat(32)}`),
  },
  // The softphone says which call the member is on (their presence).
  {
    route: "POST /api/people/me/calls",
    actions: ["calls.place"],
    status: 204,
    request: fixed("/api/people/me/calls", { callSid: `CA${"3".repeat(32)}` }),
  },
  {
    route: "DELETE /api/people/me/calls/:callSid",
    actions: ["calls.place"],
    status: 204,
    request: fixed(`/api/people/me/calls/CA${"3".repeat(32)}`),
  },
  {
    route: "PATCH /api/calls/:id",
    actions: ["calls.notes"],
    status: 404,
    request: fixed("/api/calls/call_unknown", { notes: "Call back" }),
  },
  {
    route: "POST /api/messages",
    actions: ["messages.send"],
    status: 201,
    request: async () => ({
      url: "/api/messages",
      payload: { from: (await boughtNumber()).e164, to: "+14155550199", body: "Hello" },
    }),
  },
  {
    route: "POST /api/conversations/read",
    actions: ["messages.read"],
    status: 200,
    request: async () => ({
      url: "/api/conversations/read",
      payload: { ourNumber: (await boughtNumber()).e164, peerNumber: "+14155550199" },
    }),
  },
  {
    route: "PATCH /api/voicemails/:id",
    actions: ["voicemails.manage"],
    status: 404,
    request: fixed("/api/voicemails/vm_unknown", { status: "read" }),
  },
  {
    route: "DELETE /api/voicemails/:id",
    actions: ["voicemails.manage"],
    status: 404,
    request: fixed("/api/voicemails/vm_unknown"),
  },
  // The shared inbox: on a conversation, voicemail, call or number the account does not have, the
  // handler's answer is 404 (the permission is checked first).
  ...[
    ["PUT /api/inbox/conversation/assignee", { assigneeId: null }],
    ["PUT /api/inbox/conversation/resolution", { resolved: true }],
    ["POST /api/inbox/conversation/notes", { body: "Call them back" }],
    ["POST /api/inbox/conversation/typing", {}],
  ].map(
    ([route, payload]): GuardedRoute => ({
      route: route as string,
      actions: ["messages.send"],
      status: 404,
      request: fixed((route as string).split(" ")[1] ?? "", {
        ourNumber: "+14155550100",
        peerNumber: "+14155550199",
        ...(payload as object),
      }),
    }),
  ),
  {
    route: "PUT /api/inbox/voicemails/:id/assignee",
    actions: ["voicemails.manage"],
    status: 404,
    request: fixed("/api/inbox/voicemails/vm_unknown/assignee", { assigneeId: null }),
  },
  {
    route: "PUT /api/inbox/voicemails/:id/resolution",
    actions: ["voicemails.manage"],
    status: 404,
    request: fixed("/api/inbox/voicemails/vm_unknown/resolution", { resolved: true }),
  },
  {
    route: "POST /api/inbox/calls/:id/notes",
    actions: ["calls.notes"],
    status: 404,
    request: fixed("/api/inbox/calls/call_unknown/notes", { body: "Call them back" }),
  },
  {
    route: "PUT /api/inbox/round-robin/:id",
    actions: ["routing.edit"],
    status: 404,
    request: fixed("/api/inbox/round-robin/num_unknown", { enabled: true }),
  },
  {
    route: "POST /api/contacts",
    actions: ["contacts.edit"],
    status: 201,
    request: async () => ({ url: "/api/contacts", payload: { name: "Grace", phone: newPhone() } }),
  },
  {
    route: "PATCH /api/contacts/:id",
    actions: ["contacts.edit"],
    status: 200,
    request: async () => ({ url: `/api/contacts/${(await contact()).id}`, payload: { name: "Ada L." } }),
  },
  {
    route: "DELETE /api/contacts/:id",
    actions: ["contacts.edit"],
    status: 204,
    request: async () => ({ url: `/api/contacts/${(await contact()).id}` }),
  },
  {
    route: "POST /api/contacts/:id/convert",
    actions: ["contacts.edit"],
    status: 200,
    request: async () => ({ url: `/api/contacts/${(await contact()).id}/convert` }),
  },
  {
    route: "POST /api/contacts/import/preview",
    actions: ["contacts.edit"],
    status: 200,
    request: fixed("/api/contacts/import/preview", { csv: "name,phone\nLin,4155550100\n" }),
  },
  {
    route: "POST /api/contacts/import",
    actions: ["contacts.edit"],
    status: 200,
    request: fixed("/api/contacts/import", { csv: "name,phone\nLin,4155550100\n" }),
  },
  // Routing, extensions, IVR, widgets, company.
  {
    route: "PUT /api/call-routing/:numberId",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({ url: `/api/call-routing/${(await boughtNumber()).id}`, payload: routingBody() }),
  },
  {
    route: "POST /api/call-routing/:numberId/hold-music",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({
      url: `/api/call-routing/${(await boughtNumber()).id}/hold-music`,
      payload: wavBytes(),
      headers: { "content-type": "audio/wav" },
    }),
  },
  {
    route: "PUT /api/call-routing/:numberId/greetings/:slot",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({
      url: `/api/call-routing/${(await boughtNumber()).id}/greetings/voicemail`,
      payload: { text: "Leave a message." },
    }),
  },
  {
    route: "POST /api/call-routing/:numberId/greetings/:slot/audio",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({
      url: `/api/call-routing/${(await boughtNumber()).id}/greetings/after_hours/audio`,
      payload: wavBytes(),
      headers: { "content-type": "audio/wav" },
    }),
  },
  {
    route: "DELETE /api/call-routing/:numberId/greetings/:slot",
    actions: ["routing.edit"],
    status: 204,
    request: async () => ({ url: `/api/call-routing/${(await boughtNumber()).id}/greetings/voicemail` }),
  },
  {
    route: "POST /api/call-routing/:numberId/greetings/:slot/phone-call",
    actions: ["routing.edit"],
    status: 201,
    request: async () => ({
      ...(await carrierIdle()),
      url: `/api/call-routing/${(await boughtNumber()).id}/greetings/voicemail/phone-call`,
      payload: { phone: "+13055550142" },
    }),
  },
  {
    route: "PUT /api/geo-routing/shared-numbers/:id/rules",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({
      url: `/api/geo-routing/shared-numbers/${await sharedNumber()}/rules`,
      payload: { rules: [] },
    }),
  },
  {
    route: "POST /api/geo-routing/shared-numbers/:id/coverage",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({
      url: `/api/geo-routing/shared-numbers/${await sharedNumber()}/coverage`,
      payload: { rules: [] },
    }),
  },
  {
    route: "POST /api/geo-routing/shared-numbers/:id/test",
    actions: ["routing.edit"],
    status: 200,
    request: async () => ({
      url: `/api/geo-routing/shared-numbers/${await sharedNumber()}/test`,
      payload: { rules: [], caller: { kind: "number", value: "+14155550123" } },
    }),
  },
  {
    route: "POST /api/extensions",
    actions: ["extensions.edit"],
    status: 201,
    request: async () => {
      serial += 1;
      return {
        url: "/api/extensions",
        payload: { extensionNumber: 500 + serial, name: "Front", forwardingNumbers: [] },
      };
    },
  },
  {
    route: "PATCH /api/extensions/:id",
    actions: ["extensions.edit"],
    status: 200,
    request: async () => ({
      url: `/api/extensions/${(await extension()).id}`,
      payload: { name: "Renamed desk" },
    }),
  },
  {
    route: "DELETE /api/extensions/:id",
    actions: ["extensions.edit"],
    status: 204,
    request: async () => ({ url: `/api/extensions/${(await extension()).id}` }),
  },
  {
    route: "PUT /api/extensions/:id/greeting",
    actions: ["extensions.edit"],
    status: 200,
    request: async () => ({
      url: `/api/extensions/${(await extension()).id}/greeting`,
      payload: { text: "The desk is closed." },
    }),
  },
  {
    route: "POST /api/extensions/:id/greeting/audio",
    actions: ["extensions.edit"],
    status: 200,
    request: async () => ({
      url: `/api/extensions/${(await extension()).id}/greeting/audio`,
      payload: wavBytes(),
      headers: { "content-type": "audio/wav" },
    }),
  },
  {
    route: "DELETE /api/extensions/:id/greeting",
    actions: ["extensions.edit"],
    status: 204,
    request: async () => ({ url: `/api/extensions/${(await extension()).id}/greeting` }),
  },
  {
    route: "POST /api/extensions/:id/greeting/phone-call",
    actions: ["extensions.edit"],
    status: 201,
    request: async () => ({
      ...(await carrierIdle()),
      url: `/api/extensions/${(await extension()).id}/greeting/phone-call`,
      payload: { phone: "+13055550142" },
    }),
  },
  {
    route: "POST /api/ivr-menus",
    actions: ["ivr.edit"],
    status: 201,
    request: fixed("/api/ivr-menus", menuBody("Sales", "Hi.")),
  },
  {
    route: "PUT /api/ivr-menus/:id",
    actions: ["ivr.edit"],
    status: 200,
    request: async () => ({
      url: `/api/ivr-menus/${(await menu()).id}`,
      payload: menuBody("Renamed", "Hello again."),
    }),
  },
  {
    route: "DELETE /api/ivr-menus/:id",
    actions: ["ivr.edit"],
    status: 204,
    request: async () => ({ url: `/api/ivr-menus/${(await menu()).id}` }),
  },
  {
    route: "POST /api/ivr-menus/:id/greeting",
    actions: ["ivr.edit"],
    status: 200,
    request: async () => ({
      url: `/api/ivr-menus/${(await menu()).id}/greeting`,
      payload: wavBytes(),
      headers: { "content-type": "application/octet-stream" },
    }),
  },
  {
    route: "POST /api/ivr-menus/:id/greeting/phone-call",
    actions: ["ivr.edit"],
    status: 201,
    request: async () => ({
      ...(await carrierIdle()),
      url: `/api/ivr-menus/${(await menu()).id}/greeting/phone-call`,
      payload: { phone: "+13055550142" },
    }),
  },
  {
    route: "POST /api/ivr-menus/try",
    actions: ["ivr.edit"],
    status: 201,
    request: async () => {
      await menu();
      return { url: "/api/ivr-menus/try", payload: {} };
    },
  },
  {
    route: "POST /api/ivr-menus/try/:tryId/keys",
    actions: ["ivr.edit"],
    status: 200,
    request: async (role) => ({
      url: `/api/ivr-menus/try/${(await ivrTry(role)).tryId}/keys`,
      payload: { digits: "1" },
    }),
  },
  {
    route: "DELETE /api/ivr-menus/try/:tryId",
    actions: ["ivr.edit"],
    status: 204,
    request: async (role) => ({ url: `/api/ivr-menus/try/${(await ivrTry(role)).tryId}` }),
  },
  {
    route: "POST /api/ivr-menus/publish",
    actions: ["ivr.publish"],
    status: 201,
    request: async () => {
      await menu();
      return { url: "/api/ivr-menus/publish", payload: {} };
    },
  },
  {
    route: "POST /api/ivr-menus/versions/:id/rollback",
    actions: ["ivr.publish"],
    status: 201,
    request: async () => ({
      url: `/api/ivr-menus/versions/${await publishedVersion()}/rollback`,
      payload: {},
    }),
  },
  {
    route: "POST /api/widgets",
    actions: ["widgets.edit"],
    status: 201,
    request: async () => ({ url: "/api/widgets", payload: { licensedNumberId: (await boughtNumber()).id } }),
  },
  {
    route: "PATCH /api/widgets/:id",
    actions: ["widgets.edit"],
    status: 200,
    request: async () => ({
      url: `/api/widgets/${(await widget()).id}`,
      payload: { name: "Renamed widget" },
    }),
  },
  {
    route: "DELETE /api/widgets/:id",
    actions: ["widgets.edit"],
    status: 204,
    request: async () => ({ url: `/api/widgets/${(await widget()).id}` }),
  },
  {
    route: "PUT /api/settings/company",
    actions: ["settings.company"],
    status: 200,
    request: fixed("/api/settings/company", validCompany),
  },
  // Billing: what it shows, and what spends or binds money.
  {
    route: "GET /api/billing/wallet",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/wallet"),
  },
  {
    route: "GET /api/billing/transactions",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/transactions"),
  },
  {
    route: "GET /api/billing/subscriptions",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/subscriptions"),
  },
  {
    route: "GET /api/billing/invoices",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/invoices"),
  },
  {
    route: "GET /api/billing/invoices/:id/pdf",
    actions: ["billing.view"],
    status: 200,
    request: async () => ({ url: `/api/billing/invoices/${await invoice()}/pdf` }),
  },
  {
    route: "GET /api/billing/payment-methods",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/payment-methods"),
  },
  {
    route: "GET /api/billing/checkout/:sessionId",
    actions: ["billing.view"],
    status: 200,
    request: async () => ({ url: `/api/billing/checkout/${await paidCheckoutSession()}` }),
  },
  {
    route: "GET /api/billing/usage",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/usage"),
  },
  {
    route: "GET /api/billing/spend-guard",
    actions: ["billing.view"],
    status: 200,
    request: fixed("/api/billing/spend-guard"),
  },
  {
    route: "PATCH /api/billing/wallet",
    actions: ["billing.alerts"],
    status: 200,
    request: fixed("/api/billing/wallet", { lowBalanceThresholdCents: 1500 }),
  },
  {
    route: "PUT /api/billing/spend-guard",
    actions: ["billing.limits"],
    status: 200,
    request: fixed("/api/billing/spend-guard", {
      autoRechargeEnabled: true,
      autoRechargeThresholdCents: 500,
      autoRechargeAmountCents: 2500,
      monthlySpendCapCents: null,
    }),
  },
  {
    route: "POST /api/billing/checkout",
    variant: "a top-up",
    actions: ["billing.topup"],
    status: 200,
    request: fixed("/api/billing/checkout", { kind: "top_up", amountCents: 2500 }),
  },
  {
    route: "POST /api/billing/checkout",
    variant: "a plan",
    actions: ["billing.topup", "billing.plan"],
    status: 200,
    request: fixed("/api/billing/checkout", { kind: "plan", plan: "professional", interval: "monthly" }),
  },
  {
    // The checkouts above made the account a Stripe customer: its portal opens.
    route: "POST /api/billing/portal",
    actions: ["billing.plan"],
    status: 200,
    request: fixed("/api/billing/portal"),
  },
  {
    route: "POST /api/billing/invoices/:id/pay",
    actions: ["billing.pay"],
    status: 200,
    request: async () => ({ url: `/api/billing/invoices/${await invoice()}/pay` }),
  },
  {
    route: "POST /api/billing/payment-methods/:id/default",
    actions: ["billing.cards"],
    status: 200,
    request: async () => ({ url: `/api/billing/payment-methods/${await card()}/default` }),
  },
  {
    route: "DELETE /api/billing/payment-methods/:id",
    actions: ["billing.cards"],
    status: 200,
    request: async () => ({ url: `/api/billing/payment-methods/${await card()}` }),
  },
  {
    route: "GET /api/activity",
    actions: ["activity.view"],
    status: 200,
    request: fixed("/api/activity"),
  },
  // Outgoing webhooks: the subscriptions and their delivery log.
  {
    route: "GET /api/webhooks",
    actions: ["webhooks.manage"],
    status: 200,
    request: fixed("/api/webhooks"),
  },
  {
    route: "POST /api/webhooks",
    actions: ["webhooks.manage"],
    status: 201,
    request: fixed("/api/webhooks", webhookBody),
  },
  {
    route: "GET /api/webhooks/:id",
    actions: ["webhooks.manage"],
    status: 200,
    request: async () => ({ url: `/api/webhooks/${(await webhook()).id}` }),
  },
  {
    route: "PATCH /api/webhooks/:id",
    actions: ["webhooks.manage"],
    status: 200,
    request: async () => ({ url: `/api/webhooks/${(await webhook()).id}`, payload: { description: "Sync" } }),
  },
  {
    route: "DELETE /api/webhooks/:id",
    actions: ["webhooks.manage"],
    status: 204,
    request: async () => {
      const { id } = await asOwner<{ id: string }>("POST", "/api/webhooks", 201, webhookBody);
      return { url: `/api/webhooks/${id}` };
    },
  },
  {
    route: "POST /api/webhooks/:id/secret",
    actions: ["webhooks.manage"],
    status: 200,
    request: async () => ({ url: `/api/webhooks/${(await webhook()).id}/secret` }),
  },
  {
    route: "POST /api/webhooks/:id/test",
    actions: ["webhooks.manage"],
    status: 202,
    request: async () => ({ url: `/api/webhooks/${(await webhook()).id}/test` }),
  },
  {
    route: "GET /api/webhooks/:id/deliveries",
    actions: ["webhooks.manage"],
    status: 200,
    request: async () => ({ url: `/api/webhooks/${(await webhook()).id}/deliveries` }),
  },
  {
    route: "POST /api/webhooks/:id/deliveries/:deliveryId/replay",
    actions: ["webhooks.manage"],
    status: 202,
    request: async () => {
      const { id, deliveryId } = await webhook();
      return { url: `/api/webhooks/${id}/deliveries/${deliveryId}/replay` };
    },
  },
  // The team: who is in the account, with which role.
  {
    route: "POST /api/team/invitations",
    actions: ["users.manage"],
    status: 201,
    request: async () => ({
      url: "/api/team/invitations",
      payload: { email: inviteeEmail(), role: "viewer" },
    }),
  },
  {
    route: "POST /api/team/invitations/:id/resend",
    actions: ["users.manage"],
    status: 200,
    request: async () => ({ url: `/api/team/invitations/${(await invitation()).id}/resend` }),
  },
  {
    route: "DELETE /api/team/invitations/:id",
    actions: ["users.manage"],
    status: 204,
    request: async () => ({ url: `/api/team/invitations/${(await invitation()).id}` }),
  },
  {
    route: "PATCH /api/team/members/:id",
    actions: ["users.manage"],
    status: 200,
    request: async () => ({
      url: `/api/team/members/${(await colleague()).id}`,
      payload: { role: "viewer" },
    }),
  },
  {
    route: "DELETE /api/team/members/:id",
    actions: ["users.manage"],
    status: 204,
    request: async () => ({ url: `/api/team/members/${(await colleague()).id}` }),
  },
  // Call tags and dispositions, automated texts and templates, call blocking.
  {
    route: "PUT /api/calls/:id/tags",
    actions: ["calls.tag"],
    status: 200,
    request: async () => ({
      url: `/api/calls/${await loggedCall()}/tags`,
      payload: { tags: ["vip"], disposition: "Sale" },
    }),
  },
  {
    route: "PUT /api/call-dispositions",
    actions: ["calls.dispositions"],
    status: 200,
    request: fixed("/api/call-dispositions", { dispositions: ["Booked", "Lost"] }),
  },
  {
    route: "PUT /api/numbers/:id/automations",
    actions: ["automations.edit"],
    status: 200,
    request: async () => ({
      url: `/api/numbers/${(await boughtNumber()).id}/automations`,
      payload: automationsBody,
    }),
  },
  {
    route: "POST /api/text-templates",
    actions: ["templates.edit"],
    status: 201,
    request: async () => {
      serial += 1;
      return { url: "/api/text-templates", payload: { name: `Hours ${serial}`, body: "We open at 9." } };
    },
  },
  {
    route: "PUT /api/text-templates/:id",
    actions: ["templates.edit"],
    status: 200,
    request: async () => {
      serial += 1;
      return {
        url: `/api/text-templates/${(await template()).id}`,
        payload: { name: `Renamed ${serial}`, body: "Hi." },
      };
    },
  },
  {
    route: "DELETE /api/text-templates/:id",
    actions: ["templates.edit"],
    status: 204,
    request: async () => ({ url: `/api/text-templates/${(await template()).id}` }),
  },
  {
    route: "POST /api/scheduled-texts",
    actions: ["messages.send"],
    status: 201,
    request: async () => ({ url: "/api/scheduled-texts", payload: await scheduleBody() }),
  },
  {
    route: "POST /api/scheduled-texts/:id/cancel",
    actions: ["messages.send"],
    status: 200,
    request: async () => {
      const { id } = await asOwner<{ id: string }>("POST", "/api/scheduled-texts", 201, await scheduleBody());
      return { url: `/api/scheduled-texts/${id}/cancel` };
    },
  },
  {
    route: "PUT /api/call-blocking/rules",
    actions: ["calls.block"],
    status: 200,
    request: fixed("/api/call-blocking/rules", { list: "reject", withheld: "screen", unverified: "allow" }),
  },
  {
    route: "POST /api/call-blocking/entries",
    actions: ["calls.block"],
    status: 201,
    request: async () => {
      serial += 1;
      return { url: "/api/call-blocking/entries", payload: { kind: "prefix", value: `+4420${serial}` } };
    },
  },
  {
    route: "DELETE /api/call-blocking/entries/:id",
    actions: ["calls.block"],
    status: 204,
    request: async () => ({ url: `/api/call-blocking/entries/${(await blockEntry()).id}` }),
  },
  // Keys to the public API: owners and admins.
  {
    route: "GET /api/api-keys",
    actions: ["apiKeys.manage"],
    status: 200,
    request: async () => ({ url: "/api/api-keys" }),
  },
  {
    route: "POST /api/api-keys",
    actions: ["apiKeys.manage"],
    status: 201,
    request: async () => ({
      url: "/api/api-keys",
      payload: { name: "Table key", scopes: ["contacts:read"] },
    }),
  },
  {
    route: "DELETE /api/api-keys/:id",
    actions: ["apiKeys.manage"],
    status: 204,
    request: async () => ({ url: `/api/api-keys/${(await apiKey()).id}` }),
  },
  {
    // Last but one: the submission leaves the owner's registration under review (texts refused).
    route: "POST /api/texting-registration",
    actions: ["texting.register"],
    status: 201,
    request: async () => {
      await t.db.db
        .delete(schema.textingRegistrations)
        .where(eq(schema.textingRegistrations.accountId, owner.accountId));
      return { url: "/api/texting-registration", payload: textingRegistrationBody() };
    },
  },
  {
    route: "POST /api/team/ownership",
    actions: ["account.transfer"],
    status: 204,
    request: async () => {
      await ownerOwnsAgain();
      return {
        url: "/api/team/ownership",
        payload: { userId: (await colleague()).id, password: owner.password },
      };
    },
  },
];

/** Every table's rows, hashed (sessions aside: reading one stamps its last-seen time). */
// webhook_stats is written by a 10 s timer (WEBHOOK_STATS_FLUSH_MS), not by the request: a flush
// landing between the two fingerprints of a refused request is no write of that request.
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.db.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('sessions', 'webhook_stats')
        order by table_name`,
  );
  const perTable = tables.map(
    ({ name }) =>
      `select '${name}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as hash from "${name}" r`,
  );
  const rows = await queryRows<{ name: string; hash: string }>(
    t.db.db,
    sql.raw(perTable.join(" union all ")),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

const label = (row: GuardedRoute) => (row.variant ? `${row.route} (${row.variant})` : row.route);

describe.each(guarded.map((row) => [label(row), row] as const))("%s", (_label, row) => {
  const [method = "", path = ""] = row.route.split(" ");

  it.each(roles)("as %s", async (role) => {
    const request = await row.request(role);
    expect(request.url.split("?")[0]?.split("/").length).toBe(path.split("/").length);
    const refused = row.actions.find((action) => !can(role, action));
    const databaseBefore = refused ? await databaseFingerprint() : null;
    const stripeCallsBefore = t.standIn.requests.length;

    const res = await t.app.inject({
      method: method as Method,
      url: request.url,
      headers: { ...sessions[role].headers, ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload as Record<string, unknown> }),
    });

    if (!refused) {
      expect(res.statusCode, res.body).toBe(row.status);
      return;
    }
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatchObject({ code: "FORBIDDEN", message: refusalMessage(refused) });
    expect(await databaseFingerprint()).toEqual(databaseBefore);
    expect(t.standIn.requests.length).toBe(stripeCallsBefore);
  });
});

describe("the session", () => {
  // The ownership row above handed the account on last: the table's owner owns it again.
  beforeAll(ownerOwnsAgain);

  it.each(roles)("tells the %s's console what their role allows", async (role) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: sessions[role].headers,
    });
    expect(res.json().account).toMatchObject({ id: owner.accountId, role, permissions: permissionsOf(role) });
  });
});

describe("the table above covers the routes", () => {
  it("has a row for every route that declares a permission", () => {
    const tested = new Set(guarded.map((row) => row.route));
    const declared = t.app.routeAccess
      .filter((route) => route.permission !== null && route.method !== "HEAD")
      .map((route) => `${route.method} ${route.url}`);
    expect(declared.filter((route) => !tested.has(route))).toEqual([]);
    expect([...tested].filter((route) => !declared.includes(route))).toEqual([]);
  });

  it("every write listed as open to every member is a route", () => {
    const registered = new Set(t.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(openWrites).filter((route) => !registered.has(route))).toEqual([]);
  });

  it("each row's first action is the one its route declares", () => {
    for (const row of guarded) {
      const declared = t.app.routeAccess.find((route) => `${route.method} ${route.url}` === row.route);
      expect(declared?.permission, row.route).toBe(row.actions[0]);
    }
  });
});
