import { randomUUID } from "node:crypto";
import { type Database, isForeignKeyViolation, queryRows, schema } from "@poundline/db";
import { and, eq, gt, sql } from "drizzle-orm";
import type { HuntCalls, HuntStore } from "./hunt";

const hunts = schema.ringHunts;
const turns = schema.ringTurns;

/** Hunts in ring_hunts and the groups' round-robin turns in ring_turns: one statement per change. */
export function createHuntStore(db: Database): HuntStore {
  /** Only the callback that ended `attempt` (none left ringing) finds the hunt here. */
  const lastOfAttempt = (callerCallSid: string, attempt: number) =>
    and(
      eq(hunts.callerCallSid, callerCallSid),
      eq(hunts.state, "hunting"),
      eq(hunts.attempt, attempt),
      eq(hunts.ringing, 0),
    );
  const calls = { memberCallSids: hunts.memberCallSids, endedCallSids: hunts.endedCallSids };

  return {
    async start({ context, numberId, target, callerCallSid }) {
      const id = `hunt_${randomUUID().replaceAll("-", "")}`;
      try {
        // One statement, so each hunt takes exactly one turn, on whichever instance it starts.
        const [started] = await queryRows<{ turn: number }>(
          db,
          sql`
            with hunt as (
              insert into ${hunts} (id, account_id, caller_call_sid, phone_number_id, target)
              values (${id}, ${context.accountId}, ${callerCallSid}, ${numberId}, ${target})
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

    async begin(callerCallSid, rotation, ringing, at) {
      await db
        .update(hunts)
        .set({ rotation, ringing, updatedAt: at })
        .where(eq(hunts.callerCallSid, callerCallSid));
    },

    async addMemberCall(callerCallSid, memberCallSid) {
      const [hunt] = await db
        .update(hunts)
        .set({ memberCallSids: sql`array_append(${hunts.memberCallSids}, ${memberCallSid}::text)` })
        .where(eq(hunts.callerCallSid, callerCallSid))
        .returning({ state: hunts.state });
      return hunt?.state ?? null;
    },

    async memberEnded(callerCallSid, attempt, memberCallSid, at) {
      const [row] = await db
        .update(hunts)
        .set({
          ringing: sql`${hunts.ringing} - 1`,
          endedCallSids: sql`array_append(${hunts.endedCallSids}, ${memberCallSid}::text)`,
          updatedAt: at,
        })
        .where(
          and(
            eq(hunts.callerCallSid, callerCallSid),
            eq(hunts.state, "hunting"),
            eq(hunts.attempt, attempt),
            gt(hunts.ringing, 0),
            sql`not (${memberCallSid}::text = any(${hunts.endedCallSids}))`,
          ),
        )
        .returning({ ringing: hunts.ringing, target: hunts.target, rotation: hunts.rotation });
      return row ?? null;
    },

    async nextAttempt(callerCallSid, from, to, ringing, at) {
      const moved = await db
        .update(hunts)
        .set({ attempt: to, ringing, updatedAt: at })
        .where(lastOfAttempt(callerCallSid, from))
        .returning({ id: hunts.id });
      return moved.length > 0;
    },

    async exhaust(callerCallSid, attempt, at) {
      await db
        .update(hunts)
        .set({ state: "exhausted", updatedAt: at })
        .where(lastOfAttempt(callerCallSid, attempt));
    },

    async bridge(callerCallSid, at): Promise<HuntCalls | null> {
      const [taken] = await db
        .update(hunts)
        .set({ state: "bridged", updatedAt: at })
        .where(and(eq(hunts.callerCallSid, callerCallSid), eq(hunts.state, "hunting")))
        .returning(calls);
      return taken ?? null;
    },

    async abandon(callerCallSid, at): Promise<HuntCalls | null> {
      const [left] = await db
        .update(hunts)
        .set({ state: "exhausted", updatedAt: at })
        .where(and(eq(hunts.callerCallSid, callerCallSid), eq(hunts.state, "hunting")))
        .returning(calls);
      return left ?? null;
    },

    async stateOf(callerCallSid) {
      const [row] = await db
        .select({ state: hunts.state })
        .from(hunts)
        .where(eq(hunts.callerCallSid, callerCallSid));
      return row?.state ?? null;
    },
  };
}
