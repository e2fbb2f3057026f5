import { E164_PATTERN } from "@poundline/domain/phone";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./auth";
import { idColumn, instant, oneOf, timestamps } from "./columns";

/** How a verification code reaches the number: a text, or a call that speaks it. */
export const verificationChannels = ["sms", "call"] as const;

/**
 * Numbers outside the platform the account has proved it answers ("verified caller IDs", as
 * carriers call them): a code sent to the number by text or call, typed back in the console. An
 * account on an unpaid trial dials and texts only these and its own numbers.
 *
 * The pending code is kept only as a hash, expires, and dies after a few wrong guesses; once the
 * number is verified the code columns are cleared, so a code is good for one confirmation.
 */
export const verifiedNumbers = pgTable(
  "verified_numbers",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    e164: text("e164").notNull(),
    /** When the code was confirmed; null while pending. */
    verifiedAt: instant("verified_at"),
    /** SHA-256 of the row id and the code sent last; null when none is pending. */
    codeHash: text("code_hash"),
    codeExpiresAt: instant("code_expires_at"),
    /** Wrong guesses at the pending code. */
    codeAttempts: integer("code_attempts").notNull().default(0),
    /** How the pending (or last) code was sent. */
    channel: text("channel", { enum: verificationChannels }),
    codeSentAt: instant("code_sent_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("verified_numbers_account_e164_key").on(t.accountId, t.e164),
    index("verified_numbers_e164_idx").on(t.e164),
    check("verified_numbers_e164_check", sql.raw(`"e164" ~ '${E164_PATTERN}'`)),
    check("verified_numbers_code_attempts_check", sql`${t.codeAttempts} >= 0`),
    check("verified_numbers_channel_check", oneOf(t.channel, verificationChannels)),
    // A pending code always has its expiry.
    check("verified_numbers_code_check", sql`(${t.codeHash} is null) = (${t.codeExpiresAt} is null)`),
  ],
);
