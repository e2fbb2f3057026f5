import { randomUUID } from "node:crypto";
import { type Database, isForeignKeyViolation, queryRows, schema } from "@poundline/db";
import type { HuntPhase, HuntState } from "@poundline/domain";
import { and, arrayOverlaps, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { type HuntStore, LINE_READ_LIMIT, type LineEntry } from "./hunt";

const hunts = schema.ringHunts;
const turns = schema.ringTurns;

/** Hunts in ring_hunts and the groups' round-robin turns in ring_turns: one statement per step. */
export function createHuntStore(db: Database): HuntStore {
  return {
    async start({ context, numberId, target, callerCallSid, callerNumber }) {
      const id = `hunt_${randomUUID().replaceAll("-", "")}`;
      try {
        // One statement, so each hunt takes exactly one turn, on whichever instance it starts.
        const [started] = await queryRows<{ turn: number }>(
          db,
          sql`
            with hunt as (
              insert into ${hunts} (id, account_id, caller_call_sid, phone_number_id, target, caller_number)
              values (${id}, ${context.accountId}, ${callerCallSid}, ${numberId}, ${target}, ${callerNumber})
              on conflict (caller_call_sid) do nothing
              returning id
            )
            insert into ${turns} (phone_number_id, account_id, target, next_turn)
            select ${numberId}, ${context.accountId}, ${target}, 1 from hunt
            on conflict (phone_number_id, target) do update set next_turn = ${turns.nextTurn} + 1
            returning next_turn - 1 as turn`,
        );
        return started ? { kind: "started", turn: started.turn } : { kind: "running" };
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        return { kind: "account_gone" };
      }
    },

    async load(callerCallSid) {
      const [row] = await db
        .select({
          state: hunts.state,
          target: hunts.target,
          rotation: hunts.rotation,
          attempt: hunts.attempt,
          ringing: hunts.ringing,
          memberCallSids: hunts.memberCallSids,
          endedCallSids: hunts.endedCallSids,
          seats: hunts.seats,
          triedSeats: hunts.triedSeats,
          callbackNumber: hunts.callbackNumber,
        })
        .from(hunts)
        .where(eq(hunts.callerCallSid, callerCallSid));
      if (!row) return null;
      const { state, target, ...rest } = row;
      return { ...rest, phase: state as HuntPhase, target: target === "after" ? "after" : "open" };
    },

    save: (callerCallSid, read, next, at) => saveOver(db, callerCallSid, read, next, at),

    claim: (callerCallSid, numberId, read, next, at) =>
      db.transaction(async (tx) => {
        // The line's offers take turns (every instance), each seeing the ones saved before it.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ring-line:${numberId}`}))`);
        if (await seatRung(tx, numberId, callerCallSid, next.seats)) return "taken";
        return (await saveOver(tx, callerCallSid, read, next, at)) ? "saved" : "moved";
      }),

    line: (callerCallSid) => readPlace(db, callerCallSid),

    async noteWait(callerCallSid, waited) {
      await db
        .update(hunts)
        .set({
          waitedSeconds: waited.queueTime,
          ...(waited.announcedAt !== undefined ? { announcedAtSeconds: waited.announcedAt } : {}),
        })
        .where(eq(hunts.callerCallSid, callerCallSid));
    },

    inLine: (numberId) => readLine(db, numberId),

    async waitingLines(accountId) {
      const rows = await db
        .selectDistinct({ numberId: hunts.phoneNumberId })
        .from(hunts)
        .where(and(eq(hunts.accountId, accountId), eq(hunts.state, "waiting"), notStale()));
      return rows.flatMap((row) => (row.numberId ? [row.numberId] : []));
    },
  };
}

/** Saves `next` over the hunt as `read` found it: false when another step moved it first. */
async function saveOver(db: Database, callerCallSid: string, read: HuntState, next: HuntState, at: Date) {
  // The call lists only grow: their lengths and the counters tell whether anyone moved the hunt.
  const moved = await db
    .update(hunts)
    .set({
      state: next.phase,
      rotation: next.rotation,
      attempt: next.attempt,
      ringing: next.ringing,
      memberCallSids: next.memberCallSids,
      endedCallSids: next.endedCallSids,
      seats: next.seats,
      triedSeats: next.triedSeats,
      callbackNumber: next.callbackNumber,
      updatedAt: at,
    })
    .where(
      and(
        eq(hunts.callerCallSid, callerCallSid),
        eq(hunts.state, read.phase),
        eq(hunts.rotation, read.rotation),
        eq(hunts.attempt, read.attempt),
        eq(hunts.ringing, read.ringing),
        sql`cardinality(${hunts.memberCallSids}) = ${read.memberCallSids.length}`,
        sql`cardinality(${hunts.endedCallSids}) = ${read.endedCallSids.length}`,
        sql`cardinality(${hunts.triedSeats}) = ${read.triedSeats.length}`,
        sql`${hunts.callbackNumber} is not distinct from ${read.callbackNumber}`,
      ),
    )
    .returning({ id: hunts.id });
  return moved.length > 0;
}

/** Whether another caller of the number's line is being rung on one of `seats`. */
async function seatRung(db: Database, numberId: string, callerCallSid: string, seats: readonly string[]) {
  const [rung] = await db
    .select({ id: hunts.id })
    .from(hunts)
    .where(
      and(
        eq(hunts.phoneNumberId, numberId),
        eq(hunts.state, "hunting"),
        ne(hunts.callerCallSid, callerCallSid),
        arrayOverlaps(hunts.seats, [...seats]),
        notStale(),
      ),
    )
    .limit(1);
  return rung !== undefined;
}

/**
 * A hunt still "in line" after this long lost its end (a callback the carrier never made): it no
 * longer holds up the callers behind it. The carrier ends any call after four hours.
 */
const STALE_AFTER = "4 hours";

/** A hunt young enough to be a caller still on the line (older ones were left by a lost callback). */
const notStale = () => sql`${hunts.createdAt} > now() - ${STALE_AFTER}::interval`;

/** How many of a line's last answered callers its expected wait is averaged over. */
const RECENT_ANSWERS = 20;

type LineRow = {
  numberId: string;
  accountId: string;
  target: string;
  announcedAt: number;
  position: number;
  averageAnswerSeconds: number | null;
};

/** The caller's place (those of the number still in line before them) and the line's recent average wait. */
async function readPlace(db: Database, callerCallSid: string) {
  const [row] = await queryRows<LineRow>(
    db,
    sql`
      select h.phone_number_id as "numberId", h.account_id as "accountId", h.target,
        h.announced_at_seconds as "announcedAt",
        (select count(*)::int from ${hunts} o
          where o.phone_number_id = h.phone_number_id and o.state in ('waiting', 'hunting')
            and o.created_at > now() - ${STALE_AFTER}::interval
            and (o.created_at, o.id) < (h.created_at, h.id)) + 1 as position,
        (select avg(r.waited_seconds)::float from (
          select b.waited_seconds from ${hunts} b
          where b.phone_number_id = h.phone_number_id and b.state = 'bridged'
            and b.callback_number is null
          order by b.created_at desc limit ${RECENT_ANSWERS}) r) as "averageAnswerSeconds"
      from ${hunts} h where h.caller_call_sid = ${callerCallSid}`,
  );
  return row ?? null;
}

/** The number's line, oldest first: as many callers as any offer of its seats can reach. */
async function readLine(db: Database, numberId: string): Promise<LineEntry[]> {
  const rows = await db
    .select({
      callerCallSid: hunts.callerCallSid,
      accountId: hunts.accountId,
      target: hunts.target,
      state: hunts.state,
      rotation: hunts.rotation,
      seats: hunts.seats,
      triedSeats: hunts.triedSeats,
      callbackNumber: hunts.callbackNumber,
    })
    .from(hunts)
    .where(and(eq(hunts.phoneNumberId, numberId), inArray(hunts.state, ["waiting", "hunting"]), notStale()))
    .orderBy(asc(hunts.createdAt), asc(hunts.id))
    .limit(LINE_READ_LIMIT);
  return rows.map(({ state, target, ...row }) => ({
    ...row,
    phase: state as HuntPhase,
    target: target === "after" ? ("after" as const) : ("open" as const),
  }));
}
