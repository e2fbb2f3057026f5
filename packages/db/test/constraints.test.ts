import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/client";
import { newId } from "../src/ids";
import * as schema from "../src/schema/index";
import { createTestDatabase } from "../src/testing";

/** The database, not the application, refuses rows that break the seeds' limits. */
describe("schema constraints", () => {
  let handle: DatabaseHandle;
  const accountId = newId("account");
  const numberId = newId("number");
  const menuId = newId("ivrMenu");
  const walletId = newId("wallet");
  const ticketId = newId("ticket");
  const sharedNumberId = newId("sharedNumber");

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { db } = handle;
    await db.insert(schema.accounts).values({ id: accountId, companyName: "Constraint Test LLC" });
    await db.insert(schema.phoneNumbers).values({ id: numberId, accountId, e164: "+14075550170" });
    await db.insert(schema.ivrMenus).values({ id: menuId, accountId, name: "Main" });
    await db.insert(schema.wallets).values({ id: walletId, accountId });
    await db
      .insert(schema.supportTickets)
      .values({ id: ticketId, accountId, subject: "Help", description: "Please" });
    await db
      .insert(schema.sharedNumbers)
      .values({ id: sharedNumberId, poundCode: "#TEST", e164: "+18005550100" });
  });
  afterAll(() => handle.close());

  /** Runs an insert and returns the name of the constraint it broke, or null when it went in. */
  async function violation(table: PgTable, row: Record<string, unknown>): Promise<string | null> {
    try {
      await handle.db.insert(table).values(row as never);
      return null;
    } catch (error) {
      const text = `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? "")}`;
      return /constraint "([^"]+)"/.exec(text)?.[1] ?? text;
    }
  }

  const routing = (over: Record<string, unknown>) => ({ phoneNumberId: numberId, accountId, ...over });
  const menu = (over: Record<string, unknown>) => ({ id: newId("ivrMenu"), accountId, name: "Sub", ...over });
  const option = (over: Record<string, unknown>) => ({
    id: newId("ivrOption"),
    menuId,
    accountId,
    keyPress: "1",
    action: "hangup",
    ...over,
  });
  const ledger = (over: Record<string, unknown>) => ({
    id: newId("transaction"),
    walletId,
    accountId,
    transactionType: "top_up",
    description: "Top-up",
    amountCents: 500,
    balanceAfterCents: 500,
    idempotencyKey: newId("transaction"),
    ...over,
  });

  const greeting = (over: Record<string, unknown>) => ({
    id: newId("greeting"),
    accountId,
    phoneNumberId: numberId,
    slot: "voicemail",
    kind: "tts",
    ttsText: "Leave a message.",
    ...over,
  });

  it.each<[string, () => [PgTable, Record<string, unknown>], string]>([
    [
      "a greeting of nobody",
      () => [schema.greetings, greeting({ phoneNumberId: null })],
      "greetings_owner_check",
    ],
    [
      "an extension's after-hours greeting",
      () => [schema.greetings, greeting({ phoneNumberId: null, extensionId: "ext_x", slot: "after_hours" })],
      "greetings_extension_slot_check",
    ],
    [
      "a spoken greeting without words",
      () => [schema.greetings, greeting({ ttsText: "  " })],
      "greetings_content_check",
    ],
    [
      "a recorded greeting without its file",
      () => [schema.greetings, greeting({ kind: "audio", ttsText: null })],
      "greetings_content_check",
    ],
    [
      "a greeting of another account's number",
      () => [schema.greetings, greeting({ phoneNumberId: "num_elsewhere" })],
      "greetings_phone_number_fk",
    ],
    [
      "a greeting call recorded without its recording",
      () => [
        schema.greetingCalls,
        {
          id: newId("greetingCall"),
          accountId,
          userId: "usr_x",
          targetType: "number",
          targetId: numberId,
          phone: "+13055550142",
          status: "recorded",
        },
      ],
      "greeting_calls_recorded_check",
    ],
    [
      "ring timeout 4",
      () => [schema.numberRouting, routing({ ringTimeoutSeconds: 4 })],
      "number_routing_ring_timeout_check",
    ],
    [
      "ring timeout 121",
      () => [schema.numberRouting, routing({ ringTimeoutSeconds: 121 })],
      "number_routing_ring_timeout_check",
    ],
    [
      "unknown ring strategy",
      () => [schema.numberRouting, routing({ ringStrategy: "random" })],
      "number_routing_ring_strategy_check",
    ],
    [
      "an IVR target without a menu",
      () => [schema.numberRouting, routing({ businessHoursTargetType: "ivr_menu" })],
      "number_routing_business_hours_target_check",
    ],
    [
      "an empty ring group",
      () => [schema.numberRouting, routing({ afterHoursTargetType: "ring_group" })],
      "number_routing_after_hours_target_check",
    ],
    [
      "custom hold music without a file",
      () => [schema.numberRouting, routing({ holdMusic: "custom" })],
      "number_routing_hold_music_url_check",
    ],
    [
      "IVR timeout 31",
      () => [schema.ivrMenus, menu({ timeoutSeconds: 31 })],
      "ivr_menus_timeout_seconds_check",
    ],
    [
      "IVR timeout 2",
      () => [schema.ivrMenus, menu({ timeoutSeconds: 2 })],
      "ivr_menus_timeout_seconds_check",
    ],
    [
      "6 invalid inputs",
      () => [schema.ivrMenus, menu({ maxInvalidInputs: 6 })],
      "ivr_menus_max_invalid_inputs_check",
    ],
    ["key press 'AB'", () => [schema.ivrOptions, option({ keyPress: "AB" })], "ivr_options_key_press_check"],
    ["key press 'A'", () => [schema.ivrOptions, option({ keyPress: "A" })], "ivr_options_key_press_check"],
    [
      "an extension option without a destination",
      () => [schema.ivrOptions, option({ action: "extension" })],
      "ivr_options_destination_check",
    ],
    [
      "an option in another account's menu",
      () => [schema.ivrOptions, option({ accountId: newId("account") })],
      "ivr_options_menu_fk",
    ],
    [
      "allowed countries that are not ISO codes",
      () => [schema.accounts, { id: newId("account"), companyName: "X", allowedCountries: ["USA"] }],
      "accounts_allowed_countries_check",
    ],
    [
      "an empty list of allowed countries",
      () => [schema.accounts, { id: newId("account"), companyName: "X", allowedCountries: [] }],
      "accounts_allowed_countries_check",
    ],
    [
      "a zero ledger amount",
      () => [schema.ledgerEntries, ledger({ amountCents: 0 })],
      "ledger_entries_amount_check",
    ],
    [
      "a positive call charge",
      () => [schema.ledgerEntries, ledger({ transactionType: "call_charge" })],
      "ledger_entries_sign_check",
    ],
    [
      "a positive dispute hold",
      () => [schema.ledgerEntries, ledger({ amountCents: 5, transactionType: "dispute_hold" })],
      "ledger_entries_sign_check",
    ],
    [
      "a number that is not E.164",
      () => [schema.phoneNumbers, { id: newId("number"), accountId, e164: "407-555-0199" }],
      "phone_numbers_e164_check",
    ],
    [
      "a geo rule on an unknown state",
      () => [
        schema.geoRules,
        {
          id: newId("geoRule"),
          sharedNumberId,
          accountId,
          targetAccountId: accountId,
          locationType: "state",
          locationValue: "ZZ",
        },
      ],
      "geo_rules_location_value_check",
    ],
    [
      "a geo rule with priority 0",
      () => [
        schema.geoRules,
        {
          id: newId("geoRule"),
          sharedNumberId,
          accountId,
          targetAccountId: accountId,
          locationType: "areaCode",
          locationValue: "407, 321",
          priority: 0,
        },
      ],
      "geo_rules_priority_check",
    ],
    [
      "a blank ticket reply",
      () => [schema.supportTicketReplies, { id: newId("reply"), ticketId, message: "   " }],
      "support_ticket_replies_message_check",
    ],
    [
      "a closed ticket without closed_at",
      () => [
        schema.supportTickets,
        { id: newId("ticket"), accountId, subject: "x", description: "y", status: "closed" },
      ],
      "support_tickets_closed_at_check",
    ],
    [
      "a local number request without area code",
      () => [schema.phoneNumberRequests, { id: newId("numberRequest"), numberType: "local", quantity: 1 }],
      "phone_number_requests_local_area_code_check",
    ],
    [
      "a number request for 0 numbers",
      () => [
        schema.phoneNumberRequests,
        { id: newId("numberRequest"), numberType: "toll-free", quantity: 0 },
      ],
      "phone_number_requests_quantity_check",
    ],
    [
      "a widget colour that is not hex",
      () => [
        schema.widgetConfigurations,
        { id: newId("widget"), accountId, name: "W", publicKey: newId("widgetKey"), primaryColor: "blue" },
      ],
      "widget_configurations_primary_color_check",
    ],
    [
      "an unknown editable content type",
      () => [schema.editableContent, { id: newId("content"), contentKey: "k", contentType: "html" }],
      "poundline_editable_content_type_check",
    ],
  ])("refuses %s", async (_case, build, constraint) => {
    const [table, row] = build();
    expect(await violation(table, row)).toBe(constraint);
  });

  it.each<[string, () => [PgTable, Record<string, unknown>]]>([
    ["ring timeout 5", () => [schema.numberRouting, routing({ ringTimeoutSeconds: 5 })]],
    [
      "IVR timeout 3 and 5 invalid inputs",
      () => [schema.ivrMenus, menu({ timeoutSeconds: 3, maxInvalidInputs: 5 })],
    ],
    ["IVR timeout 30", () => [schema.ivrMenus, menu({ timeoutSeconds: 30 })]],
    ["key press '#'", () => [schema.ivrOptions, option({ keyPress: "#" })]],
    ["a zero wallet balance", () => [schema.ledgerEntries, ledger({})]],
    [
      "a refunded top-up leaving the wallet owing",
      () => [
        schema.ledgerEntries,
        ledger({ amountCents: -900, transactionType: "top_up_refund", balanceAfterCents: -400 }),
      ],
    ],
    [
      "a top-up paying part of a debt",
      () => [
        schema.ledgerEntries,
        ledger({ amountCents: 100, transactionType: "top_up", balanceAfterCents: -300 }),
      ],
    ],
    [
      "a toll-free request without area code",
      () => [schema.phoneNumberRequests, { id: newId("numberRequest"), numberType: "toll-free" }],
    ],
  ])("accepts %s", async (_case, build) => {
    const [table, row] = build();
    expect(await violation(table, row)).toBeNull();
  });

  it("fills the seeds' defaults", async () => {
    const [row] = await handle.db
      .select()
      .from(schema.numberRouting)
      .where(eq(schema.numberRouting.phoneNumberId, numberId));
    expect(row).toMatchObject({
      ringStrategy: "simultaneous",
      timeZone: "America/New_York",
      holdMusic: "default",
      businessHoursTargetType: "voicemail",
    });
    expect(row?.businessHours.monday).toEqual({ active: true, start: "09:00", end: "17:00" });
    expect(row?.businessHours.saturday.active).toBe(false);
  });

  it("refuses a second wallet or a reused idempotency key", async () => {
    expect(await violation(schema.wallets, { id: newId("wallet"), accountId })).toBe("wallets_account_key");
    const key = newId("transaction");
    expect(await violation(schema.ledgerEntries, ledger({ idempotencyKey: key }))).toBeNull();
    expect(await violation(schema.ledgerEntries, ledger({ idempotencyKey: key }))).toBe(
      "ledger_entries_idempotency_key",
    );
  });

  it("deletes an account's rows with it", async () => {
    await handle.db.delete(schema.accounts).where(eq(schema.accounts.id, accountId));
    for (const table of [
      schema.phoneNumbers,
      schema.numberRouting,
      schema.ivrOptions,
      schema.ledgerEntries,
    ]) {
      expect(await handle.db.select().from(table)).toEqual([]);
    }
  });
});
