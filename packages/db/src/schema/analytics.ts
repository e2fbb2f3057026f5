import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { instant } from "./columns";

const counter = (name: string) => integer(name).notNull().default(0);
const seconds = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/**
 * The call logs counted per account and UTC hour: the analytics screen and the dashboard's stat
 * cards read these instead of the rows. Maintained only by the statement triggers on call_logs
 * (migration 0013_call_stats_triggers), in the transaction that writes the call logs, so no write
 * path can leave it behind: a figure here is always the aggregate over call_logs of that hour.
 * UTC hours serve every time zone whose offset is whole hours; a half-hour zone reads call_logs.
 */
export const callStatsHourly = pgTable(
  "call_stats_hourly",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The UTC hour the calls started in (date_trunc('hour', call_start_time, 'UTC')). */
    hour: instant("hour").notNull(),
    calls: counter("calls"),
    inbound: counter("inbound"),
    outbound: counter("outbound"),
    /** call_status completed. */
    answered: counter("answered"),
    /** call_status among missedCallStatuses. */
    missed: counter("missed"),
    /** Sum of duration_seconds of the answered calls. */
    answeredSeconds: seconds("answered_seconds"),
    /** The same for the calls that are not a leg of another (parent_call_sid null): the stat cards. */
    topCalls: counter("top_calls"),
    topInbound: counter("top_inbound"),
    topOutbound: counter("top_outbound"),
    topMissed: counter("top_missed"),
    /** Answered calls that are not a leg of another, and their seconds: the analytics' answered figures. */
    topAnswered: counter("top_answered"),
    topAnsweredSeconds: seconds("top_answered_seconds"),
  },
  (t) => [
    // No CHECK on the counts: a call log write must never fail on a figure.
    primaryKey({ columns: [t.accountId, t.hour] }),
  ],
);

/** Calls put through to each extension (call_logs.extension_id), per account and UTC hour. */
export const callStatsExtensionHourly = pgTable(
  "call_stats_extension_hourly",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    hour: instant("hour").notNull(),
    // No foreign key: deleting an extension sets its calls' extension_id to null, and the trigger
    // takes them off this row (to zero) in that same statement.
    extensionId: text("extension_id").notNull(),
    calls: counter("calls"),
    /** extension_dial_status completed or answered. */
    answered: counter("answered"),
    answeredSeconds: seconds("answered_seconds"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour, t.extensionId] })],
);

/**
 * Inbound calls from North American numbers (+1 NPA NXX XXXX) per account, UTC hour and area
 * code: the analytics' top area codes and states, without testing every caller of the range.
 */
export const callStatsAreaHourly = pgTable(
  "call_stats_area_hourly",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    hour: instant("hour").notNull(),
    /** The NPA: substr(from_number, 3, 3) of a from_number matching ^\+1[2-9][0-9]{9}$. */
    areaCode: text("area_code").notNull(),
    calls: counter("calls"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour, t.areaCode] })],
);
