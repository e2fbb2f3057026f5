import {
  DEFAULT_ROUTING,
  type Destination,
  type NumberRoutingBody,
  type NumberRoutingView,
} from "@poundline/contracts/call-routing/schemas";
import { type Database, schema } from "@poundline/db";
import { introducedErrors, type RoutingIssue, validateRouting } from "@poundline/domain";
import { defaultBusinessHours } from "@poundline/domain/business-hours";
import { and, asc, eq } from "drizzle-orm";
import { loadAccountRouting } from "./config";

type NumberRow = typeof schema.phoneNumbers.$inferSelect;
type RoutingRow = typeof schema.numberRouting.$inferSelect;

const destination = (
  type: RoutingRow["afterHoursTargetType"],
  target: string | null,
  ringGroup: string[],
) => ({
  type,
  target: type === "ring_group" ? null : target,
  ringGroup: type === "ring_group" ? ringGroup : [],
});

function view(number: NumberRow, routing: RoutingRow | null): NumberRoutingView {
  return {
    numberId: number.id,
    e164: number.e164,
    friendlyName: number.friendlyName,
    ringStrategy: routing?.ringStrategy ?? DEFAULT_ROUTING.ringStrategy,
    ringTimeoutSeconds: routing?.ringTimeoutSeconds ?? DEFAULT_ROUTING.ringTimeoutSeconds,
    timeZone: routing?.timeZone ?? DEFAULT_ROUTING.timeZone,
    businessHours: routing?.businessHours ?? defaultBusinessHours,
    businessHoursDestination: routing
      ? destination(
          routing.businessHoursTargetType,
          routing.businessHoursTargetId,
          routing.businessHoursRingGroup,
        )
      : destination("voicemail", null, []),
    afterHoursDestination: routing
      ? destination(routing.afterHoursTargetType, routing.afterHoursTargetId, routing.afterHoursRingGroup)
      : destination("voicemail", null, []),
    holidays: (routing?.holidays ?? []).map((h) => ({
      date: h.date,
      name: h.name,
      destination: destination(h.targetType, h.targetId, []),
    })),
    holdMusic: routing?.holdMusic ?? DEFAULT_ROUTING.holdMusic,
    holdMusicUrl: routing?.holdMusicUrl ?? null,
    recordCalls: routing?.recordCalls ?? false,
    queueAnnounceSeconds: routing?.queueAnnounceSeconds ?? DEFAULT_ROUTING.queueAnnounceSeconds,
    queueMaxWaitSeconds: routing?.queueMaxWaitSeconds ?? DEFAULT_ROUTING.queueMaxWaitSeconds,
    voicemailEnabled: routing?.voicemailEnabled ?? true,
  };
}

/** The account's numbers with their routing (defaults where none is stored), what to route to, and the issues. */
export async function listCallRouting(db: Database, accountId: string) {
  const [rows, routing] = await Promise.all([
    db
      .select({ number: schema.phoneNumbers, routing: schema.numberRouting })
      .from(schema.phoneNumbers)
      .leftJoin(schema.numberRouting, eq(schema.numberRouting.phoneNumberId, schema.phoneNumbers.id))
      .where(eq(schema.phoneNumbers.accountId, accountId))
      .orderBy(asc(schema.phoneNumbers.createdAt), asc(schema.phoneNumbers.id)),
    loadAccountRouting(db, accountId),
  ]);
  return {
    numbers: rows.map((r) => view(r.number, r.routing)),
    menus: routing.menus.map((m) => ({ id: m.id, name: m.name })),
    extensions: [...routing.view.extensions]
      .sort((a, b) => a.extensionNumber - b.extensionNumber)
      .map((e) => ({ id: e.id, extensionNumber: e.extensionNumber, name: e.name })),
    issues: validateRouting(routing.view),
  };
}

export type RoutingSaveResult =
  | { ok: true; routing: NumberRoutingView }
  | { ok: false; reason: "not_found" | "custom_music_missing" }
  | { ok: false; reason: "refused"; issues: RoutingIssue[] };

class Refused extends Error {
  constructor(readonly issues: RoutingIssue[]) {
    super("refused");
  }
}

const columns = (prefix: "businessHours" | "afterHours", d: Destination) =>
  prefix === "businessHours"
    ? {
        businessHoursTargetType: d.type,
        businessHoursTargetId: d.target,
        businessHoursRingGroup: d.ringGroup,
      }
    : { afterHoursTargetType: d.type, afterHoursTargetId: d.target, afterHoursRingGroup: d.ringGroup };

/**
 * Writes `change` into the number's routing row (made with defaults when it has none) and keeps
 * it only when the routing validator finds no new error: one transaction, all or nothing.
 */
async function changeRouting(
  db: Database,
  accountId: string,
  numberId: string,
  change: (
    current: RoutingRow | null,
  ) => Partial<typeof schema.numberRouting.$inferInsert> | "custom_music_missing",
  now: Date,
): Promise<RoutingSaveResult> {
  try {
    return await db.transaction(async (tx): Promise<RoutingSaveResult> => {
      const [found] = await tx
        .select({ number: schema.phoneNumbers, routing: schema.numberRouting })
        .from(schema.phoneNumbers)
        .leftJoin(schema.numberRouting, eq(schema.numberRouting.phoneNumberId, schema.phoneNumbers.id))
        .where(and(eq(schema.phoneNumbers.id, numberId), eq(schema.phoneNumbers.accountId, accountId)))
        .for("update", { of: schema.phoneNumbers });
      if (!found) return { ok: false, reason: "not_found" };
      const values = change(found.routing);
      if (values === "custom_music_missing") return { ok: false, reason: values };
      const before = await loadAccountRouting(tx, accountId);
      const [row] = await tx
        .insert(schema.numberRouting)
        .values({ phoneNumberId: numberId, accountId, ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: schema.numberRouting.phoneNumberId,
          set: { ...values, updatedAt: now },
        })
        .returning();
      const after = await loadAccountRouting(tx, accountId);
      const errors = introducedErrors(validateRouting(before.view), validateRouting(after.view));
      if (errors.length > 0) throw new Refused(errors);
      return { ok: true, routing: view(found.number, row ?? null) };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: "refused", issues: err.issues };
    throw err;
  }
}

export function saveNumberRouting(
  db: Database,
  accountId: string,
  numberId: string,
  body: NumberRoutingBody,
  now: Date,
): Promise<RoutingSaveResult> {
  return changeRouting(
    db,
    accountId,
    numberId,
    (current) => {
      if (body.holdMusic === "custom" && !current?.holdMusicUrl) return "custom_music_missing";
      return {
        ringStrategy: body.ringStrategy,
        ringTimeoutSeconds: body.ringTimeoutSeconds,
        timeZone: body.timeZone,
        businessHours: body.businessHours,
        ...columns("businessHours", body.businessHoursDestination),
        ...columns("afterHours", body.afterHoursDestination),
        holidays: body.holidays.map((h) => ({
          date: h.date,
          name: h.name,
          targetType: h.destination.type as Exclude<Destination["type"], "ring_group">,
          targetId: h.destination.target,
        })),
        holdMusic: body.holdMusic,
        // Kept: the insert half of the upsert must pass the custom-needs-a-URL CHECK too.
        holdMusicUrl: current?.holdMusicUrl ?? null,
        recordCalls: body.recordCalls,
        queueAnnounceSeconds: body.queueAnnounceSeconds,
        queueMaxWaitSeconds: body.queueMaxWaitSeconds,
        voicemailEnabled: body.voicemailEnabled,
      };
    },
    now,
  );
}

/**
 * The uploaded recording becomes the number's music on hold; `replaced` is the custom music it
 * replaced (read under the save's lock), for its file to be removed.
 */
export async function setCustomHoldMusic(
  db: Database,
  accountId: string,
  numberId: string,
  url: string,
  now: Date,
): Promise<{ result: RoutingSaveResult; replaced: string | null }> {
  let before: string | null = null;
  const result = await changeRouting(
    db,
    accountId,
    numberId,
    (current) => {
      before = current?.holdMusicUrl ?? null;
      return { holdMusic: "custom", holdMusicUrl: url };
    },
    now,
  );
  return { result, replaced: result.ok && before !== url ? before : null };
}

/** Whether the number is the account's (the upload is stored only then). */
export async function ownsNumber(db: Database, accountId: string, numberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.phoneNumbers.id })
    .from(schema.phoneNumbers)
    .where(and(eq(schema.phoneNumbers.id, numberId), eq(schema.phoneNumbers.accountId, accountId)));
  return Boolean(row);
}
