import { type BusinessHours, defaultBusinessHours } from "@poundline/domain/business-hours";
import { E164_PATTERN } from "@poundline/domain/phone";
import {
  DEFAULT_TIME_ZONE,
  QUEUE_ANNOUNCE_SECONDS,
  QUEUE_MAX_WAIT_SECONDS,
  RING_TIMEOUT_SECONDS,
} from "@poundline/domain/routing-defaults";
import type { TranscriptTurn } from "@poundline/domain/transcript";
import { relations, type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn, instant, oneOf, timestamps } from "./columns";
import { contacts } from "./crm";
import {
  blockActions,
  blockedCallerKinds,
  blockRuleSettings,
  blockRules,
  callDirections,
  callRecordingChannelOne,
  callRecordingDeletedReasons,
  callRecordingSources,
  callRecordingStatuses,
  callStatuses,
  callTranscriptionStatuses,
  canadianProvinces,
  countries,
  extensionDialStatuses,
  greetingTypes,
  holdMusicOptions,
  ivrMenuActions,
  ivrOptionActions,
  licenseStatuses,
  locationTypes,
  messageAutomations,
  messageDirections,
  messageStatuses,
  missedCallStatuses,
  phoneNumberTypes,
  ringHuntStates,
  ringHuntTargets,
  ringStrategies,
  routeTargets,
  territoryKinds,
  transcriptionStatuses,
  usStates,
  voicemailStatuses,
} from "./enums";

export type { BusinessHours, DayHours } from "@poundline/domain/business-hours";

/** call_logs.geo_route: the rule that chose the licensee (a copy: rules are replaced on save), or null for the default. */
export interface GeoRouteRecord {
  rule: { id: string; locationType: string; locationValue: string; priority: number } | null;
}

/** call_logs.caller_location: the location the rules were matched against, and what it came from. */
export interface CallerLocationRecord {
  country: string | null;
  regions: string[];
  areaCode: string | null;
  /** The ZIP or postal code the caller keyed in, when asked. */
  postalCode?: string;
}
export { defaultBusinessHours };

/** The one E.164 pattern (telephony/phone.ts), the same text the API and the workers test with. */
const e164 = (column: { name: string }) => sql.raw(`"${column.name}" ~ '${E164_PATTERN}'`);

/** Route targets that name something: a menu or extension id, or the E.164 number to forward to. */
function routeTargetCheck(
  type: { name: string },
  target: { name: string },
  ringGroup: { name: string },
): SQL {
  return sql.raw(
    `("${type.name}" not in ('ivr_menu', 'extension', 'forward') or "${target.name}" is not null)` +
      ` and ("${type.name}" <> 'ring_group' or cardinality("${ringGroup.name}") > 0)`,
  );
}

/** A holiday of a number: its date and where that day's calls go (never a ring group). */
export interface HolidayRoute {
  date: string;
  name: string;
  targetType: Exclude<(typeof routeTargets)[number], "ring_group">;
  /** ivr_menu: menu id; extension: extension id; forward: E.164 number; otherwise null. */
  targetId: string | null;
}

/** Numbers the account rents from the carrier. */
export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    e164: text("e164").notNull(),
    friendlyName: text("friendly_name").notNull().default(""),
    numberType: text("number_type", { enum: phoneNumberTypes }).notNull().default("local"),
    /** The carrier's id (Twilio PN…); null until the number is bought. */
    carrierSid: text("carrier_sid"),
    smsEnabled: boolean("sms_enabled").notNull().default(true),
    voiceEnabled: boolean("voice_enabled").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("phone_numbers_e164_key").on(t.e164),
    uniqueIndex("phone_numbers_carrier_sid_key").on(t.carrierSid),
    // Target of the (id, account_id) foreign key that keeps routing rows in the number's account.
    unique("phone_numbers_id_account_key").on(t.id, t.accountId),
    index("phone_numbers_account_idx").on(t.accountId),
    check("phone_numbers_e164_check", e164(t.e164)),
    check("phone_numbers_number_type_check", oneOf(t.numberType, phoneNumberTypes)),
  ],
);

/** How calls to one number are routed: one row per phone number. */
export const numberRouting = pgTable(
  "number_routing",
  {
    phoneNumberId: text("phone_number_id").primaryKey(),
    accountId: text("account_id").notNull(),
    ringStrategy: text("ring_strategy", { enum: ringStrategies }).notNull().default("simultaneous"),
    ringTimeoutSeconds: integer("ring_timeout_seconds").notNull().default(RING_TIMEOUT_SECONDS.default),
    timeZone: text("time_zone").notNull().default(DEFAULT_TIME_ZONE),
    businessHours: jsonb("business_hours").$type<BusinessHours>().notNull().default(defaultBusinessHours),
    // Targets are polymorphic (menu, extension, ring group, number), so they carry no foreign key;
    // the routing compiler skips a target whose id no longer exists.
    businessHoursTargetType: text("business_hours_target_type", { enum: routeTargets })
      .notNull()
      .default("voicemail"),
    /** ivr_menu: menu id; extension: extension id; forward: E.164 number; otherwise null. */
    businessHoursTargetId: text("business_hours_target_id"),
    /** Extension ids rung by a ring_group target, in ring order. */
    businessHoursRingGroup: text("business_hours_ring_group").array().notNull().default(sql`'{}'::text[]`),
    afterHoursTargetType: text("after_hours_target_type", { enum: routeTargets })
      .notNull()
      .default("voicemail"),
    afterHoursTargetId: text("after_hours_target_id"),
    afterHoursRingGroup: text("after_hours_ring_group").array().notNull().default(sql`'{}'::text[]`),
    holdMusic: text("hold_music", { enum: holdMusicOptions }).notNull().default("default"),
    holdMusicUrl: text("hold_music_url"),
    voicemailEnabled: boolean("voicemail_enabled").notNull().default(true),
    /** Dates (YYYY-MM-DD, the number's zone) routed all day to their own destination. */
    holidays: jsonb("holidays").$type<HolidayRoute[]>().notNull().default([]),
    /** Record the calls put through (<Dial record>), with the consent notice where the caller's state asks. */
    recordCalls: boolean("record_calls").notNull().default(false),
    /** A ring group's waiting callers hear their place and the expected wait this often (0: never). */
    queueAnnounceSeconds: integer("queue_announce_seconds").notNull().default(QUEUE_ANNOUNCE_SECONDS.default),
    /** The longest a caller waits in the ring group's line before voicemail. */
    queueMaxWaitSeconds: integer("queue_max_wait_seconds").notNull().default(QUEUE_MAX_WAIT_SECONDS.default),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "number_routing_phone_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    check("number_routing_ring_strategy_check", oneOf(t.ringStrategy, ringStrategies)),
    check(
      "number_routing_ring_timeout_check",
      sql`${t.ringTimeoutSeconds} between ${sql.raw(`${RING_TIMEOUT_SECONDS.min} and ${RING_TIMEOUT_SECONDS.max}`)}`,
    ),
    check("number_routing_business_hours_check", sql`jsonb_typeof(${t.businessHours}) = 'object'`),
    check("number_routing_holidays_check", sql`jsonb_typeof(${t.holidays}) = 'array'`),
    check("number_routing_business_hours_target_type_check", oneOf(t.businessHoursTargetType, routeTargets)),
    check("number_routing_after_hours_target_type_check", oneOf(t.afterHoursTargetType, routeTargets)),
    check(
      "number_routing_business_hours_target_check",
      routeTargetCheck(t.businessHoursTargetType, t.businessHoursTargetId, t.businessHoursRingGroup),
    ),
    check(
      "number_routing_after_hours_target_check",
      routeTargetCheck(t.afterHoursTargetType, t.afterHoursTargetId, t.afterHoursRingGroup),
    ),
    check("number_routing_hold_music_check", oneOf(t.holdMusic, holdMusicOptions)),
    check(
      "number_routing_hold_music_url_check",
      sql`${t.holdMusic} <> 'custom' or ${t.holdMusicUrl} is not null`,
    ),
    check(
      "number_routing_queue_announce_check",
      sql`${t.queueAnnounceSeconds} between ${sql.raw(`${QUEUE_ANNOUNCE_SECONDS.min} and ${QUEUE_ANNOUNCE_SECONDS.max}`)}`,
    ),
    check(
      "number_routing_queue_max_wait_check",
      sql`${t.queueMaxWaitSeconds} between ${sql.raw(`${QUEUE_MAX_WAIT_SECONDS.min} and ${QUEUE_MAX_WAIT_SECONDS.max}`)}`,
    ),
  ],
);

/** Platform-owned pound-code numbers (#4LAW), licensed per territory and category. */
export const sharedNumbers = pgTable(
  "shared_numbers",
  {
    id: idColumn(),
    poundCode: text("pound_code").notNull(),
    /** The carrier number the pound code dials into. */
    e164: text("e164").notNull(),
    carrierSid: text("carrier_sid"),
    description: text("description"),
    /** Licensee that answers when no geo rule matches. */
    defaultAccountId: text("default_account_id").references(() => accounts.id, { onDelete: "set null" }),
    /** Ask a caller whose location is unknown for a ZIP or postal code, and route by it. */
    askLocation: boolean("ask_location").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("shared_numbers_pound_code_key").on(t.poundCode),
    uniqueIndex("shared_numbers_e164_key").on(t.e164),
    uniqueIndex("shared_numbers_carrier_sid_key").on(t.carrierSid),
    // Target of the licences' (shared_number_id, pound_code) foreign key, which keeps the copy honest.
    unique("shared_numbers_id_pound_code_key").on(t.id, t.poundCode),
    check("shared_numbers_pound_code_check", sql`${t.poundCode} ~ '^#[0-9A-Z]{2,15}$'`),
    check("shared_numbers_e164_check", e164(t.e164)),
  ],
);

/**
 * The ZIP or postal code a caller of a shared number keyed in or said when asked: the call's
 * status callbacks (any instance) route its log by it, as its answer was.
 */
export const callerPostalCodes = pgTable(
  "caller_postal_codes",
  {
    callSid: text("call_sid").primaryKey(),
    sharedNumberId: text("shared_number_id")
      .notNull()
      .references(() => sharedNumbers.id, { onDelete: "cascade" }),
    postalCode: text("postal_code").notNull(),
    ...createdAt,
  },
  (t) => [check("caller_postal_codes_postal_code_check", sql`${t.postalCode} ~ '^[0-9A-Z]{3,10}$'`)],
);

export const territories = pgTable(
  "territories",
  {
    id: idColumn(),
    name: text("name").notNull(),
    country: text("country", { enum: countries }).notNull().default("US"),
    kind: text("kind", { enum: territoryKinds }).notNull().default("state"),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("territories_country_name_key").on(t.country, t.name),
    check("territories_country_check", oneOf(t.country, countries)),
    check("territories_kind_check", oneOf(t.kind, territoryKinds)),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: idColumn(),
    name: text("name").notNull(),
    ...createdAt,
  },
  (t) => [uniqueIndex("categories_name_key").on(t.name)],
);

/** The right of one account (the licensee) to a pound code in a territory and category. */
export const territoryLicenses = pgTable(
  "territory_licenses",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    sharedNumberId: text("shared_number_id").notNull(),
    territoryId: text("territory_id")
      .notNull()
      .references(() => territories.id, { onDelete: "restrict" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    /** Copy of the shared number's pound code, for listing licences without a join. */
    poundCode: text("pound_code").notNull(),
    status: text("status", { enum: licenseStatuses }).notNull().default("active"),
    startsAt: instant("starts_at").notNull().defaultNow(),
    endsAt: instant("ends_at"),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "territory_licenses_shared_number_fk",
      columns: [t.sharedNumberId, t.poundCode],
      foreignColumns: [sharedNumbers.id, sharedNumbers.poundCode],
    })
      .onDelete("restrict")
      .onUpdate("cascade"),
    // A territory is exclusive: one active licence per number, territory and category.
    uniqueIndex("territory_licenses_active_key")
      .on(t.sharedNumberId, t.territoryId, t.categoryId)
      .where(sql`${t.status} = 'active'`),
    index("territory_licenses_account_idx").on(t.accountId),
    index("territory_licenses_pound_code_idx").on(t.poundCode),
    check("territory_licenses_status_check", oneOf(t.status, licenseStatuses)),
    check("territory_licenses_period_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

const locationValueCheck = sql.raw(
  `("location_type" = 'state' and "location_value" in (${usStates.map((s) => `'${s}'`).join(", ")}))` +
    ` or ("location_type" = 'province' and "location_value" in (${canadianProvinces.map((s) => `'${s}'`).join(", ")}))` +
    ` or ("location_type" = 'areaCode' and "location_value" ~ '^[0-9]{3}( *, *[0-9]{3})*$')` +
    ` or ("location_type" = 'country' and "location_value" ~ '^[A-Z]{2}$')`,
);

/** Routes callers of a shared number by their location to a licensee; lowest priority first wins. */
export const geoRules = pgTable(
  "geo_rules",
  {
    id: idColumn(),
    sharedNumberId: text("shared_number_id")
      .notNull()
      .references(() => sharedNumbers.id, { onDelete: "cascade" }),
    /** The account that owns (edits) the rule. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    locationType: text("location_type", { enum: locationTypes }).notNull(),
    /** A state or province code, comma-separated area codes, or an ISO country code. */
    locationValue: text("location_value").notNull(),
    /** The client licensee that receives the matching calls. */
    targetAccountId: text("target_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    ivrMenuId: text("ivr_menu_id").references(() => ivrMenus.id, { onDelete: "set null" }),
    priority: integer("priority").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index("geo_rules_shared_number_priority_idx").on(t.sharedNumberId, t.priority),
    index("geo_rules_account_idx").on(t.accountId),
    check("geo_rules_location_type_check", oneOf(t.locationType, locationTypes)),
    check("geo_rules_location_value_check", locationValueCheck),
    check("geo_rules_priority_check", sql`${t.priority} >= 1`),
  ],
);

export const ivrMenus = pgTable(
  "ivr_menus",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    greetingType: text("greeting_type", { enum: greetingTypes }).notNull().default("tts"),
    greetingTts: text("greeting_tts"),
    greetingRecordingUrl: text("greeting_recording_url"),
    timeoutSeconds: integer("timeout_seconds").notNull().default(10),
    timeoutAction: text("timeout_action", { enum: ivrMenuActions }).notNull().default("repeat"),
    timeoutActionDestination: text("timeout_action_destination"),
    invalidInputAction: text("invalid_input_action", { enum: ivrMenuActions }).notNull().default("repeat"),
    invalidInputActionDestination: text("invalid_input_action_destination"),
    maxInvalidInputs: integer("max_invalid_inputs").notNull().default(3),
    /** The carrier's text-to-speech voice and language of the greeting (ivr-voices.ts lists them). */
    greetingVoice: text("greeting_voice").notNull().default("man"),
    greetingLanguage: text("greeting_language").notNull().default("en-US"),
    ...timestamps,
  },
  (t) => [
    // Target of the options' (menu_id, account_id) foreign key.
    unique("ivr_menus_id_account_key").on(t.id, t.accountId),
    index("ivr_menus_account_idx").on(t.accountId),
    check("ivr_menus_name_check", sql`length(trim(${t.name})) > 0`),
    check("ivr_menus_greeting_type_check", oneOf(t.greetingType, greetingTypes)),
    check("ivr_menus_timeout_seconds_check", sql`${t.timeoutSeconds} between 3 and 30`),
    check("ivr_menus_timeout_action_check", oneOf(t.timeoutAction, ivrMenuActions)),
    check("ivr_menus_invalid_input_action_check", oneOf(t.invalidInputAction, ivrMenuActions)),
    check(
      "ivr_menus_timeout_destination_check",
      sql`${t.timeoutAction} <> 'ivr_menu' or ${t.timeoutActionDestination} is not null`,
    ),
    check(
      "ivr_menus_invalid_input_destination_check",
      sql`${t.invalidInputAction} <> 'ivr_menu' or ${t.invalidInputActionDestination} is not null`,
    ),
    check("ivr_menus_max_invalid_inputs_check", sql`${t.maxInvalidInputs} between 1 and 5`),
  ],
);

export const ivrOptions = pgTable(
  "ivr_options",
  {
    id: idColumn(),
    menuId: text("menu_id").notNull(),
    accountId: text("account_id").notNull(),
    keyPress: text("key_press").notNull(),
    action: text("action", { enum: ivrOptionActions }).notNull(),
    /** ivr_menu: menu id; extension: extension id; play_message: the text to say; otherwise null. */
    destination: text("destination"),
    description: text("description"),
    ...timestamps,
  },
  (t) => [
    // The option lives in its menu's account: an option cannot point into another tenant's menu.
    foreignKey({
      name: "ivr_options_menu_fk",
      columns: [t.menuId, t.accountId],
      foreignColumns: [ivrMenus.id, ivrMenus.accountId],
    }).onDelete("cascade"),
    uniqueIndex("ivr_options_menu_key_press_key").on(t.menuId, t.keyPress),
    check("ivr_options_key_press_check", sql`${t.keyPress} ~ '^[0-9*#]$'`),
    check("ivr_options_action_check", oneOf(t.action, ivrOptionActions)),
    check(
      "ivr_options_destination_check",
      sql`${t.action} not in ('ivr_menu', 'extension', 'play_message') or ${t.destination} is not null`,
    ),
  ],
);

/** One menu as a published version holds it: the draft row and its options, frozen. */
export interface IvrSnapshotMenu {
  id: string;
  name: string;
  description: string | null;
  greetingType: (typeof greetingTypes)[number];
  greetingTts: string | null;
  greetingRecordingUrl: string | null;
  greetingVoice: string;
  greetingLanguage: string;
  timeoutSeconds: number;
  timeoutAction: (typeof ivrMenuActions)[number];
  timeoutActionDestination: string | null;
  invalidInputAction: (typeof ivrMenuActions)[number];
  invalidInputActionDestination: string | null;
  maxInvalidInputs: number;
  options: {
    keyPress: string;
    action: (typeof ivrOptionActions)[number];
    destination: string | null;
    description: string | null;
  }[];
}

/** All of an account's menus at the moment of publishing, in the draft's order (oldest first). */
export interface IvrSnapshot {
  menus: IvrSnapshotMenu[];
}

/**
 * Published versions of an account's IVR menus: the ivr_menus/ivr_options rows are the draft,
 * calls follow the version ivr_live_versions points at. Kept forever (rollback, in-flight calls).
 */
export const ivrVersions = pgTable(
  "ivr_versions",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** 1, 2, 3… per account. */
    version: integer("version").notNull(),
    snapshot: jsonb("snapshot").$type<IvrSnapshot>().notNull(),
    publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: instant("published_at").notNull().defaultNow(),
    note: text("note"),
  },
  (t) => [
    unique("ivr_versions_account_version_key").on(t.accountId, t.version),
    // Target of the live pointer's (version_id, account_id) foreign key.
    unique("ivr_versions_id_account_key").on(t.id, t.accountId),
    check("ivr_versions_version_check", sql`${t.version} >= 1`),
  ],
);

/** The version an account's calls follow: one row per account that has published. */
export const ivrLiveVersions = pgTable(
  "ivr_live_versions",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    versionId: text("version_id").notNull(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // The live version is one of the account's own.
    foreignKey({
      name: "ivr_live_versions_version_fk",
      columns: [t.versionId, t.accountId],
      foreignColumns: [ivrVersions.id, ivrVersions.accountId],
    }).onDelete("cascade"),
  ],
);

export const extensions = pgTable(
  "extensions",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The digits dialled, e.g. 101. */
    extensionNumber: integer("extension_number").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    department: text("department"),
    voicemailEnabled: boolean("voicemail_enabled").notNull().default(true),
    callForwarding: boolean("call_forwarding").notNull().default(false),
    /** E.164 numbers rung when call forwarding is on. */
    forwardingNumbers: text("forwarding_numbers").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("extensions_account_number_key").on(t.accountId, t.extensionNumber),
    // Target of the greetings' (extension_id, account_id) foreign key.
    unique("extensions_id_account_key").on(t.id, t.accountId),
    check("extensions_number_check", sql`${t.extensionNumber} between 1 and 99999`),
  ],
);

export const callLogs = pgTable(
  "call_logs",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The user who placed an outbound call; null for inbound calls. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    phoneNumberId: text("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    callSid: text("call_sid").notNull(),
    parentCallSid: text("parent_call_sid"),
    direction: text("direction", { enum: callDirections }).notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    /**
     * The number the carrier dialled for this leg when the log shows another party: Make a Call's
     * first leg rings the user's own phone, logged as the call to the destination. Billing prices
     * the leg by it (null: by `to_number`).
     */
    dialledNumber: text("dialled_number"),
    callStartTime: instant("call_start_time").notNull().defaultNow(),
    answeredAt: instant("answered_at"),
    endedAt: instant("ended_at"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    callStatus: text("call_status", { enum: callStatuses }).notNull(),
    /** Highest carrier SequenceNumber applied: older status callbacks arriving late are ignored. */
    lastSequenceNumber: integer("last_sequence_number").notNull().default(-1),
    fromCity: text("from_city"),
    fromState: text("from_state"),
    fromCountry: text("from_country"),
    notes: text("notes"),
    /** What was said on the call: its recordings' transcripts, one after another (the search reads it). */
    transcript: text("transcript"),
    /** The account's free-text tags on the call. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** One of the account's dispositions (a copy of its name: renaming the list keeps history). */
    disposition: text("disposition"),
    /** The block rule that caught the caller (call-blocking.ts), when one did. */
    blockRule: text("block_rule", { enum: blockRules }),
    priceCents: integer("price_cents"),
    /** The extension the call was put through to (a <Dial> of its numbers), when it was. */
    extensionId: text("extension_id").references(() => extensions.id, { onDelete: "set null" }),
    /** That <Dial>'s outcome (the carrier's DialCallStatus): the extension answered on completed or answered. */
    extensionDialStatus: text("extension_dial_status", { enum: extensionDialStatuses }),
    /** The shared pound-code number the call came in on, when it did. */
    sharedNumberId: text("shared_number_id").references(() => sharedNumbers.id, { onDelete: "set null" }),
    /** Why the call was routed as it was: the geo rule as it read then, or null rule for the default licensee. */
    geoRoute: jsonb("geo_route").$type<GeoRouteRecord>(),
    /** Where the caller was taken to be when the shared number routed the call. */
    callerLocation: jsonb("caller_location").$type<CallerLocationRecord>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("call_logs_call_sid_key").on(t.callSid),
    // Deleting an extension sets its calls' extension_id to null: found by this index.
    index("call_logs_extension_idx").on(t.extensionId).where(sql`${t.extensionId} is not null`),
    // Call history: the page in index order, the count an index-only scan (id breaks ties).
    // Ascending columns: read backwards they give ORDER BY ... DESC (NULLS FIRST, PostgreSQL's
    // default for DESC); drizzle's .desc() writes DESC NULLS LAST, which such an ORDER BY cannot use.
    index("call_logs_account_start_idx").on(t.accountId, t.callStartTime, t.id),
    index("call_logs_account_direction_start_idx").on(t.accountId, t.direction, t.callStartTime, t.id),
    // The "missed" filter of the call history (MISSED_CALL_STATUSES of the calls API).
    index("call_logs_account_missed_start_idx")
      .on(t.accountId, t.callStartTime, t.id)
      .where(
        sql`${t.direction} = 'inbound' and ${t.callStatus} in ${sql.raw(`(${missedCallStatuses.map((status) => `'${status}'`).join(", ")})`)}`,
      ),
    // The analytics' callers (top callers, area codes): an index-only scan of the range's inbound calls.
    index("call_logs_account_inbound_callers_idx")
      .on(t.accountId, t.callStartTime, t.fromNumber)
      .where(sql`${t.direction} = 'inbound'`),
    // The call history's search (ILIKE '%term%' over the numbers, the notes and what was said): pg_trgm.
    index("call_logs_search_idx").using(
      "gin",
      t.fromNumber.op("gin_trgm_ops"),
      t.toNumber.op("gin_trgm_ops"),
      t.notes.op("gin_trgm_ops"),
      t.transcript.op("gin_trgm_ops"),
    ),
    index("call_logs_contact_idx").on(t.contactId),
    // The call history's tag filter (tags @> '{x}').
    index("call_logs_tags_idx").using("gin", t.tags),
    // The disposition filter, in the page's order.
    index("call_logs_account_disposition_start_idx")
      .on(t.accountId, t.disposition, t.callStartTime, t.id)
      .where(sql`${t.disposition} is not null`),
    // The "blocked" filter.
    index("call_logs_account_blocked_start_idx")
      .on(t.accountId, t.callStartTime, t.id)
      .where(sql`${t.blockRule} is not null`),
    check("call_logs_block_rule_check", sql`${t.blockRule} is null or ${oneOf(t.blockRule, blockRules)}`),
    // The legs of a call (ring-group members, forwards): the missed-call notice looks them up.
    index("call_logs_parent_call_sid_idx").on(t.parentCallSid),
    check("call_logs_direction_check", oneOf(t.direction, callDirections)),
    check("call_logs_call_status_check", oneOf(t.callStatus, callStatuses)),
    check("call_logs_duration_check", sql`${t.durationSeconds} >= 0`),
    check("call_logs_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      "call_logs_extension_dial_status_check",
      sql`${t.extensionDialStatus} is null or ${t.extensionDialStatus} in ('completed', 'answered', 'busy', 'no-answer', 'failed', 'canceled')`,
    ),
  ],
);

/** Each account's call dispositions, in order; no row: the defaults (DEFAULT_CALL_DISPOSITIONS). */
export const callDispositionLists = pgTable("call_disposition_lists", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  names: text("names").array().notNull(),
  ...timestamps,
});

/** The account's blocked numbers and prefixes (call-blocking.ts). */
export const blockedCallers = pgTable(
  "blocked_callers",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: blockedCallerKinds }).notNull(),
    /** An E.164 number, or a prefix: "+" and digits. */
    value: text("value").notNull(),
    note: text("note").notNull().default(""),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("blocked_callers_account_value_key").on(t.accountId, t.value),
    check("blocked_callers_kind_check", oneOf(t.kind, blockedCallerKinds)),
    check("blocked_callers_value_check", sql`${t.value} ~ '^[+][0-9]{1,15}$'`),
  ],
);

/** The account's block rules; no row: DEFAULT_BLOCKING_RULES. */
export const callBlockingRules = pgTable(
  "call_blocking_rules",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    listAction: text("list_action", { enum: blockActions }).notNull().default("reject"),
    withheldAction: text("withheld_action", { enum: blockRuleSettings }).notNull().default("allow"),
    unverifiedAction: text("unverified_action", { enum: blockRuleSettings }).notNull().default("allow"),
    ...timestamps,
  },
  (t) => [
    check("call_blocking_rules_list_check", oneOf(t.listAction, blockActions)),
    check("call_blocking_rules_withheld_check", oneOf(t.withheldAction, blockRuleSettings)),
    check("call_blocking_rules_unverified_check", oneOf(t.unverifiedAction, blockRuleSettings)),
  ],
);

/**
 * Calls a block rule caught, by CallSid (like refused_calls): the call log takes the rule (and,
 * rejected, the status "blocked") whichever of this row and the carrier's callback comes first.
 */
export const blockedCalls = pgTable(
  "blocked_calls",
  {
    callSid: text("call_sid").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    rule: text("rule", { enum: blockRules }).notNull(),
    action: text("action", { enum: blockActions }).notNull(),
    ...createdAt,
  },
  (t) => [
    check("blocked_calls_rule_check", oneOf(t.rule, blockRules)),
    check("blocked_calls_action_check", oneOf(t.action, blockActions)),
  ],
);

/**
 * Calls the account's gate turned away (call-flow's gateState), by CallSid: the call log says
 * "refused" whichever of this row and the carrier's "completed" arrives first.
 */
export const refusedCalls = pgTable("refused_calls", {
  callSid: text("call_sid").primaryKey(),
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** The gate's state then: trial_ended, spend_cap, wallet_empty, trial_allowance_used, suspended. */
  reason: text("reason").notNull(),
  ...createdAt,
});

/**
 * The extension a call was put through to, by CallSid, as the <Dial>'s action reported it. An
 * inbound call's status callback, which creates its call log, comes at the call's end, after the
 * dial: the call log takes the extension from here when it is created, whichever came first.
 */
export const callExtensionDials = pgTable(
  "call_extension_dials",
  {
    callSid: text("call_sid").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    extensionId: text("extension_id")
      .notNull()
      .references(() => extensions.id, { onDelete: "cascade" }),
    dialStatus: text("dial_status", { enum: extensionDialStatuses }).notNull(),
    ...createdAt,
  },
  (t) => [
    index("call_extension_dials_extension_idx").on(t.extensionId),
    check("call_extension_dials_dial_status_check", oneOf(t.dialStatus, extensionDialStatuses)),
  ],
);

/**
 * A call answered in a browser, moved into a conference room so it can be held, consulted,
 * merged and handed on (issue 24). The caller's call and the member's leg are both in the room
 * (`name`), or the caller is held outside it with the hold music.
 */
export const callRooms = pgTable(
  "call_rooms",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The conference's friendly name at the carrier. */
    name: text("name").notNull().unique(),
    callerCallSid: text("caller_call_sid").notNull().unique(),
    /** The browser's leg, a child of the caller's call. */
    memberCallSid: text("member_call_sid").notNull(),
    memberUserId: text("member_user_id").references(() => users.id, { onDelete: "set null" }),
    callerHeld: boolean("caller_held").notNull().default(false),
    /** The member's leg left the room (hung up, or handed the caller on). */
    memberLeftAt: instant("member_left_at"),
    endedAt: instant("ended_at"),
    ...timestamps,
  },
  (t) => [index("call_rooms_account_idx").on(t.accountId)],
);

export const callRoomPartyStatuses = ["calling", "joined", "left"] as const;

/** Someone called into a room: a colleague consulted or handed the call, or a third party merged in. */
export const callRoomParties = pgTable(
  "call_room_parties",
  {
    callSid: text("call_sid").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => callRooms.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Who it is, as the console shows them: a member's name or the number. */
    label: text("label").notNull(),
    /** What the carrier called: a number, or `client:<identity>`. */
    target: text("target").notNull(),
    status: text("status", { enum: callRoomPartyStatuses }).notNull().default("calling"),
    /** Parties called together (a ring group's seats): the first to join takes it, the others are hung up. */
    offer: text("offer"),
    ...timestamps,
  },
  (t) => [
    index("call_room_parties_room_idx").on(t.roomId),
    check("call_room_parties_status_check", oneOf(t.status, callRoomPartyStatuses)),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    phoneNumberId: text("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    /** The user who sent an outbound message. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    messageSid: text("message_sid").notNull(),
    direction: text("direction", { enum: messageDirections }).notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull().default(""),
    numSegments: integer("num_segments").notNull().default(1),
    numMedia: integer("num_media").notNull().default(0),
    /** Outbound texts: what the wallet was charged, set with the charge (null: not charged yet). */
    priceCents: integer("price_cents"),
    mediaUrls: text("media_urls").array().notNull().default(sql`'{}'::text[]`),
    /** The carrier's MediaContentType of each of mediaUrls (same order); empty when not given. */
    mediaContentTypes: text("media_content_types").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: messageStatuses }).notNull(),
    errorCode: integer("error_code"),
    /** Outbound texts the system sent (text-back, auto-replies, scheduled): which; null for a member's own. */
    automation: text("automation", { enum: messageAutomations }),
    sentAt: instant("sent_at").notNull().defaultNow(),
    /** Inbound texts: when someone in the account read it in the console; null while unread. */
    readAt: instant("read_at"),
    /** The account's side of the conversation: the recipient of an inbound text, the sender of an outbound one. */
    ourNumber: text("our_number")
      .notNull()
      .generatedAlwaysAs(sql.raw(`case when direction = 'inbound' then to_number else from_number end`)),
    /** The other party: the sender of an inbound text, the recipient of an outbound one. */
    peerNumber: text("peer_number")
      .notNull()
      .generatedAlwaysAs(sql.raw(`case when direction = 'inbound' then from_number else to_number end`)),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("messages_message_sid_key").on(t.messageSid),
    // Newest first with a tie-break ("sent_at desc, id desc", read backwards): the account's texts,
    // and the walk that finds each conversation's last text for the conversation list.
    index("messages_account_sent_idx").on(t.accountId, t.sentAt, t.id),
    // Conversations (one per our number and other party): grouping, the last message, the thread
    // paged newest first, all from this index.
    // Ascending: read backwards it gives "sent_at desc, id desc" (nulls first, PostgreSQL's default).
    index("messages_conversation_idx").on(t.accountId, t.ourNumber, t.peerNumber, t.sentAt, t.id),
    // Unread counts (per conversation, and the bell's) read only the unread texts.
    index("messages_unread_idx")
      .on(t.accountId, t.ourNumber, t.peerNumber)
      .where(sql.raw(`direction = 'inbound' and read_at is null`)),
    index("messages_contact_idx").on(t.contactId),
    // The conversations with one other party (a contact found by name in the conversation search).
    index("messages_account_peer_idx").on(t.accountId, t.peerNumber),
    // Substring search over the numbers (the other party's, ours) and the text: pg_trgm.
    index("messages_search_idx").using(
      "gin",
      t.peerNumber.op("gin_trgm_ops"),
      t.ourNumber.op("gin_trgm_ops"),
      t.body.op("gin_trgm_ops"),
    ),
    check("messages_direction_check", oneOf(t.direction, messageDirections)),
    check("messages_status_check", oneOf(t.status, messageStatuses)),
    check("messages_automation_check", oneOf(t.automation, messageAutomations)),
    check("messages_counts_check", sql`${t.numSegments} >= 0 and ${t.numMedia} >= 0`),
    check("messages_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/** Subscribers who texted STOP to one of our numbers; nothing is sent to them from it. */
export const smsOptOuts = pgTable(
  "sms_opt_outs",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    ourNumber: text("our_number").notNull(),
    subscriberNumber: text("subscriber_number").notNull(),
    optedOutAt: instant("opted_out_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sms_opt_outs_numbers_key").on(t.ourNumber, t.subscriberNumber),
    index("sms_opt_outs_account_idx").on(t.accountId),
    check("sms_opt_outs_our_number_check", e164(t.ourNumber)),
    check("sms_opt_outs_subscriber_number_check", e164(t.subscriberNumber)),
  ],
);

export const voicemails = pgTable(
  "voicemails",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    callLogId: text("call_log_id").references(() => callLogs.id, { onDelete: "set null" }),
    callSid: text("call_sid").notNull(),
    recordingSid: text("recording_sid").notNull(),
    /** The carrier's copy of the recording. */
    recordingUrl: text("recording_url").notNull(),
    /** Our copy, once fetched; null until then. */
    storagePath: text("storage_path"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    transcription: text("transcription"),
    transcriptionStatus: text("transcription_status", { enum: transcriptionStatuses })
      .notNull()
      .default("off"),
    status: text("status", { enum: voicemailStatuses }).notNull().default("unread"),
    /** The member the shared inbox gave it to (by hand or round robin); null: unassigned. */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** Who marked it resolved, and when; null while open. */
    resolvedById: text("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: instant("resolved_at"),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("voicemails_recording_sid_key").on(t.recordingSid),
    // Newest first with a tie-break, read backwards (see call_logs_account_start_idx).
    index("voicemails_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // The unread-only filter (its page in index order) and the unread count (the bell) read only
    // the unread ones.
    index("voicemails_unread_idx").on(t.accountId, t.createdAt, t.id).where(sql.raw(`status = 'unread'`)),
    // Substring search over the caller's number and the transcription: pg_trgm.
    index("voicemails_search_idx").using(
      "gin",
      t.fromNumber.op("gin_trgm_ops"),
      t.transcription.op("gin_trgm_ops"),
    ),
    // A call's recording in the call history.
    index("voicemails_call_log_idx").on(t.callLogId),
    // The inbox's "assigned to me" filter.
    index("voicemails_account_assignee_idx").on(t.accountId, t.assigneeId),
    check("voicemails_duration_check", sql`${t.durationSeconds} >= 0`),
    check("voicemails_transcription_status_check", oneOf(t.transcriptionStatus, transcriptionStatuses)),
    check("voicemails_status_check", oneOf(t.status, voicemailStatuses)),
  ],
);

/**
 * A recorded call's recording (`<Dial record>`): written once per RecordingSid by the carrier's
 * callback (a repeated delivery inserts nothing), then fetched by the workers, stored through the
 * storage port (`storage_key`, `stored_at`) and deleted at the carrier (`carrier_deleted_at`).
 * `call_sid` is the call it belongs to, the one its call log carries (the caller's call, for a
 * ring group member's bridge).
 */
export const callRecordings = pgTable(
  "call_recordings",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    callSid: text("call_sid").notNull(),
    recordingSid: text("recording_sid").notNull(),
    /** The carrier's copy, until it is deleted there. */
    recordingUrl: text("recording_url").notNull(),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** 2: each party on its own channel (record-from-answer-dual). */
    channels: integer("channels").notNull().default(1),
    source: text("source", { enum: callRecordingSources }).notNull().default("call"),
    /** Who the first of two channels is: the carrier puts the call that dialled there. */
    channelOne: text("channel_one", { enum: callRecordingChannelOne }).notNull().default("other"),
    /** Where the call's transcript stands, as a voicemail's (the workers' transcriber writes it). */
    transcriptionStatus: text("transcription_status", { enum: transcriptionStatuses })
      .notNull()
      .default("none"),
    /** Who said what, in order (two channels: each speaker's turns; one: the whole text). */
    transcript: jsonb("transcript").$type<TranscriptTurn[]>(),
    /** The transcript's words in one text (the call's log keeps them too, for the history's search). */
    transcriptText: text("transcript_text"),
    status: text("status", { enum: callRecordingStatuses }).notNull().default("pending"),
    storageKey: text("storage_key"),
    storedAt: instant("stored_at"),
    carrierDeletedAt: instant("carrier_deleted_at"),
    /** Our copy deleted (status deleted), and why: the call history says so. */
    deletedAt: instant("deleted_at"),
    deletedReason: text("deleted_reason", { enum: callRecordingDeletedReasons }),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("call_recordings_recording_sid_key").on(t.recordingSid),
    // A call's recordings in the call history and its player.
    index("call_recordings_account_call_idx").on(t.accountId, t.callSid),
    // Housekeeping's retention: the stored recordings, oldest first.
    index("call_recordings_stored_age_idx").on(t.createdAt).where(sql.raw("status = 'stored'")),
    check("call_recordings_status_check", oneOf(t.status, callRecordingStatuses)),
    check("call_recordings_source_check", oneOf(t.source, callRecordingSources)),
    check("call_recordings_channel_one_check", oneOf(t.channelOne, callRecordingChannelOne)),
    check("call_recordings_transcription_status_check", oneOf(t.transcriptionStatus, transcriptionStatuses)),
    check("call_recordings_duration_check", sql`${t.durationSeconds} >= 0`),
    check("call_recordings_channels_check", sql`${t.channels} between 1 and 2`),
    // Stored means there is an object to play, and when it was stored.
    check(
      "call_recordings_stored_check",
      sql`${t.status} <> 'stored' or (${t.storageKey} is not null and ${t.storedAt} is not null)`,
    ),
    // The carrier's copy is deleted only once ours is stored.
    check(
      "call_recordings_carrier_deleted_check",
      sql`${t.carrierDeletedAt} is null or ${t.storedAt} is not null`,
    ),
    // Deleted, when and why go together; only what was stored is deleted.
    check(
      "call_recordings_deleted_check",
      sql`(${t.status} = 'deleted') = (${t.deletedAt} is not null and ${t.deletedReason} is not null)
        and (${t.status} <> 'deleted' or ${t.storedAt} is not null)`,
    ),
    check(
      "call_recordings_deleted_reason_check",
      sql`${t.deletedReason} is null or ${oneOf(t.deletedReason, callRecordingDeletedReasons)}`,
    ),
  ],
);

/**
 * The carrier's real-time transcription of a recorded call (`TRANSCRIBER=carrier`): one per call,
 * asked for when its dialled leg answers. Its texts wait in call_transcript_texts until both the
 * transcription has stopped and the call's recording row exists; whichever comes second settles
 * the recording's transcript (recordings/carrier-transcripts.ts).
 */
export const callTranscriptions = pgTable(
  "call_transcriptions",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    callSid: text("call_sid").notNull(),
    /** The carrier's TranscriptionSid, once it answered the request. */
    transcriptionSid: text("transcription_sid"),
    status: text("status", { enum: callTranscriptionStatuses }).notNull().default("requested"),
    /** The first event's Timestamp: each text's time is counted from it. */
    startedAt: instant("started_at"),
    stoppedAt: instant("stopped_at"),
    /**
     * The stopped event's SequenceId: the events before it are the start and the texts, which may
     * be delivered after it; the transcript settles once they are all in.
     */
    stoppedSequenceId: integer("stopped_sequence_id"),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.callSid] }),
    uniqueIndex("call_transcriptions_transcription_sid_key").on(t.transcriptionSid),
    check("call_transcriptions_status_check", oneOf(t.status, callTranscriptionStatuses)),
  ],
);

/** A final text of a call's real-time transcription: once per TranscriptionSid and SequenceId. */
export const callTranscriptTexts = pgTable(
  "call_transcript_texts",
  {
    accountId: text("account_id").notNull(),
    callSid: text("call_sid").notNull(),
    transcriptionSid: text("transcription_sid").notNull(),
    sequenceId: integer("sequence_id").notNull(),
    speaker: text("speaker", { enum: callRecordingChannelOne }).notNull(),
    text: text("text").notNull(),
    /** The carrier's Timestamp of the text; null when it gave none. */
    spokenAt: instant("spoken_at"),
  },
  (t) => [
    primaryKey({ columns: [t.transcriptionSid, t.sequenceId] }),
    foreignKey({
      columns: [t.accountId, t.callSid],
      foreignColumns: [callTranscriptions.accountId, callTranscriptions.callSid],
      name: "call_transcript_texts_transcription_fk",
    }).onDelete("cascade"),
    index("call_transcript_texts_call_idx").on(t.accountId, t.callSid),
    check("call_transcript_texts_speaker_check", oneOf(t.speaker, callRecordingChannelOne)),
  ],
);

/**
 * A link to a voicemail's recording sent by e-mail when the audio is too large to attach: it plays
 * without signing in until it expires. Only the token's hash is stored.
 */
export const voicemailLinks = pgTable(
  "voicemail_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    voicemailId: text("voicemail_id")
      .notNull()
      .references(() => voicemails.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    ...createdAt,
  },
  (t) => [index("voicemail_links_voicemail_idx").on(t.voicemailId)],
);

// No relations() on accounts or contacts here: drizzle types a table's relations from one
// relations() call, so the account and contact sides belong in auth.ts and crm.ts.
export const phoneNumbersRelations = relations(phoneNumbers, ({ one }) => ({
  account: one(accounts, { fields: [phoneNumbers.accountId], references: [accounts.id] }),
  routing: one(numberRouting),
}));
export const numberRoutingRelations = relations(numberRouting, ({ one }) => ({
  phoneNumber: one(phoneNumbers, { fields: [numberRouting.phoneNumberId], references: [phoneNumbers.id] }),
}));
export const sharedNumbersRelations = relations(sharedNumbers, ({ one, many }) => ({
  defaultAccount: one(accounts, { fields: [sharedNumbers.defaultAccountId], references: [accounts.id] }),
  licenses: many(territoryLicenses),
  geoRules: many(geoRules),
}));
export const territoriesRelations = relations(territories, ({ many }) => ({
  licenses: many(territoryLicenses),
}));
export const categoriesRelations = relations(categories, ({ many }) => ({
  licenses: many(territoryLicenses),
}));
export const territoryLicensesRelations = relations(territoryLicenses, ({ one }) => ({
  account: one(accounts, { fields: [territoryLicenses.accountId], references: [accounts.id] }),
  sharedNumber: one(sharedNumbers, {
    fields: [territoryLicenses.sharedNumberId],
    references: [sharedNumbers.id],
  }),
  territory: one(territories, { fields: [territoryLicenses.territoryId], references: [territories.id] }),
  category: one(categories, { fields: [territoryLicenses.categoryId], references: [categories.id] }),
}));
export const geoRulesRelations = relations(geoRules, ({ one }) => ({
  sharedNumber: one(sharedNumbers, { fields: [geoRules.sharedNumberId], references: [sharedNumbers.id] }),
  account: one(accounts, { fields: [geoRules.accountId], references: [accounts.id] }),
  targetAccount: one(accounts, { fields: [geoRules.targetAccountId], references: [accounts.id] }),
  ivrMenu: one(ivrMenus, { fields: [geoRules.ivrMenuId], references: [ivrMenus.id] }),
}));
export const ivrMenusRelations = relations(ivrMenus, ({ one, many }) => ({
  account: one(accounts, { fields: [ivrMenus.accountId], references: [accounts.id] }),
  options: many(ivrOptions),
}));
export const ivrOptionsRelations = relations(ivrOptions, ({ one }) => ({
  menu: one(ivrMenus, { fields: [ivrOptions.menuId], references: [ivrMenus.id] }),
}));
export const extensionsRelations = relations(extensions, ({ one }) => ({
  account: one(accounts, { fields: [extensions.accountId], references: [accounts.id] }),
}));
export const callLogsRelations = relations(callLogs, ({ one, many }) => ({
  account: one(accounts, { fields: [callLogs.accountId], references: [accounts.id] }),
  user: one(users, { fields: [callLogs.userId], references: [users.id] }),
  contact: one(contacts, { fields: [callLogs.contactId], references: [contacts.id] }),
  phoneNumber: one(phoneNumbers, { fields: [callLogs.phoneNumberId], references: [phoneNumbers.id] }),
  voicemails: many(voicemails),
}));
export const messagesRelations = relations(messages, ({ one }) => ({
  account: one(accounts, { fields: [messages.accountId], references: [accounts.id] }),
  contact: one(contacts, { fields: [messages.contactId], references: [contacts.id] }),
  phoneNumber: one(phoneNumbers, { fields: [messages.phoneNumberId], references: [phoneNumbers.id] }),
}));
export const smsOptOutsRelations = relations(smsOptOuts, ({ one }) => ({
  account: one(accounts, { fields: [smsOptOuts.accountId], references: [accounts.id] }),
}));
export const callRecordingsRelations = relations(callRecordings, ({ one }) => ({
  account: one(accounts, { fields: [callRecordings.accountId], references: [accounts.id] }),
}));
export const voicemailsRelations = relations(voicemails, ({ one }) => ({
  account: one(accounts, { fields: [voicemails.accountId], references: [accounts.id] }),
  callLog: one(callLogs, { fields: [voicemails.callLogId], references: [callLogs.id] }),
}));

/**
 * A ring group being hunted for a caller waiting in the carrier's queue: kept between the
 * carrier's webhooks (any API instance may get the next one). Updated by one conditional
 * statement per event, so simultaneous members' callbacks cannot both advance the hunt.
 */
export const ringHunts = pgTable(
  "ring_hunts",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The waiting caller's CallSid, also the name of the carrier queue the caller waits in. */
    callerCallSid: text("caller_call_sid").notNull(),
    phoneNumberId: text("phone_number_id").references(() => phoneNumbers.id, { onDelete: "cascade" }),
    /** Which of the number's targets is hunted: business hours ("open") or after hours ("after"). */
    target: text("target", { enum: ringHuntTargets }).notNull(),
    rotation: integer("rotation").notNull().default(0),
    /** The attempt (one member, or every member when simultaneous) being rung. */
    attempt: integer("attempt").notNull().default(0),
    /** Member calls of the current attempt that have not ended yet. */
    ringing: integer("ringing").notNull().default(0),
    /** Member calls whose end was counted: a repeated status callback is not counted twice. */
    endedCallSids: text("ended_call_sids").array().notNull().default(sql`'{}'::text[]`),
    /** Every member call the carrier accepted: those still ringing are canceled when the hunt ends. */
    memberCallSids: text("member_call_sids").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The group's seats (a member, or an extension without one) rung for this caller now: another
     * caller of the line is not offered them meanwhile (packages/domain/src/queue-seats.ts).
     */
    seats: text("seats").array().notNull().default(sql`'{}'::text[]`),
    /** Every seat rung for this caller so far: once each, before they go on to voicemail. */
    triedSeats: text("tried_seats").array().notNull().default(sql`'{}'::text[]`),
    state: text("state", { enum: ringHuntStates }).notNull().default("waiting"),
    /** The caller's number (From) as they joined the line: shown in the console's waiting list. */
    callerNumber: text("caller_number"),
    /** Set when the caller asked to be called back: they hung up and keep their place in line. */
    callbackNumber: text("callback_number"),
    /** Seconds into the wait of the last announcement of their place (0: none yet). */
    announcedAtSeconds: integer("announced_at_seconds").notNull().default(0),
    /**
     * The caller's time in the queue (the carrier's QueueTime) at their last wait round: once a
     * member took them, the line's recent ones give the expected wait.
     */
    waitedSeconds: integer("waited_seconds").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("ring_hunts_caller_call_sid_key").on(t.callerCallSid),
    // A number's line in order: the callers waiting or being rung, oldest first.
    index("ring_hunts_line_idx")
      .on(t.phoneNumberId, t.createdAt)
      .where(sql`${t.state} in ('waiting', 'hunting')`),
    index("ring_hunts_account_idx").on(t.accountId),
    check("ring_hunts_target_check", oneOf(t.target, ringHuntTargets)),
    check("ring_hunts_state_check", oneOf(t.state, ringHuntStates)),
    check("ring_hunts_attempt_check", sql`${t.attempt} >= 0`),
  ],
);

/**
 * Round-robin turns of a number's ring groups, kept here so that every API instance takes the
 * next one: a hunt starting takes a turn and the member it starts with follows from it.
 */
export const ringTurns = pgTable(
  "ring_turns",
  {
    phoneNumberId: text("phone_number_id").notNull(),
    accountId: text("account_id").notNull(),
    /** The number's business hours ("open") or after hours ("after") ring group. */
    target: text("target", { enum: ringHuntTargets }).notNull(),
    /** Turns taken so far: the next hunt starts with the member at this position (modulo the group). */
    nextTurn: integer("next_turn").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.phoneNumberId, t.target] }),
    foreignKey({
      name: "ring_turns_phone_number_fk",
      columns: [t.phoneNumberId, t.accountId],
      foreignColumns: [phoneNumbers.id, phoneNumbers.accountId],
    }).onDelete("cascade"),
    check("ring_turns_target_check", oneOf(t.target, ringHuntTargets)),
  ],
);
