import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./auth";
import { createdAt, idColumn, instant } from "./columns";

/**
 * Keys to the public API (/v1): one account's, made by an owner or admin. The secret is shown
 * once and kept only as its SHA-256; the prefix (`pl_live_` and 8 characters) is what the
 * console shows to tell keys apart. A key acts with its creator's current role in the account,
 * narrowed to its scopes (`contacts:read`, `calls:write`, ...), so it dies with the membership.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: idColumn(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at"),
    /** Written at most once a minute per key (see modules/api-keys), not on every request. */
    lastUsedAt: instant("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: instant("revoked_at"),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_key").on(t.secretHash),
    index("api_keys_account_idx").on(t.accountId, t.createdAt),
    check("api_keys_name_check", sql`length(${t.name}) between 1 and 100`),
  ],
);

/**
 * The answers of POSTs to /v1 sent with an `Idempotency-Key`, kept a day: the row is claimed
 * (inserted) before the work, so a concurrent duplicate finds it; the answer is written after.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is a 409. */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being answered. */
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("idempotency_keys_account_key").on(t.accountId, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
