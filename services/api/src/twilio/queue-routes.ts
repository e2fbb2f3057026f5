import { randomUUID } from "node:crypto";
import { isForeignKeyViolation, queryRows, schema } from "@poundline/db";
import {
  afterMemberCall,
  type CallContext,
  continueAfterQueue,
  EMPTY_TWIML,
  type HuntPlan,
  type HuntTarget,
  huntPlan,
  MEMBER_CALL_ENDINGS,
  type MemberCallStatus,
  memberUrls,
  readContext,
  readHuntTarget,
  readMemberCall,
  renderHold,
  renderLeave,
  renderMemberAnswer,
  renderStep,
  type TwimlOptions,
  voicePaths,
} from "@poundline/telephony";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { carrierParams, carrierQuery } from "./carrier-params";
import { sendTwiml } from "./twiml-reply";

const hunts = schema.ringHunts;
const turns = schema.ringTurns;

/** The hunt's member calls not seen to end, leaving out `answered` (the one taking the caller). */
function stillRinging(hunt: { memberCallSids: string[]; endedCallSids: string[] }, answered?: string) {
  return hunt.memberCallSids.filter((sid) => sid !== answered && !hunt.endedCallSids.includes(sid));
}

/**
 * Ring groups with music on hold. The caller waits in a carrier queue named by its CallSid
 * (<Enqueue>), hearing the number's hold music from the wait URL, while the group's members are
 * called one attempt at a time; a member who answers hears a whisper and takes the caller
 * (<Dial><Queue>), and the phones still ringing are canceled, as they are when the caller leaves.
 * The hunt lives in ring_hunts: any instance may get the next webhook, and each change is one
 * conditional UPDATE, so members' callbacks arriving together cannot both move it.
 */
export async function queueRoutes(app: FastifyInstance) {
  const { carrier, carrierClient, routing, clock, db } = app.deps;
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };

  /**
   * Cancels member calls that may still ring, all requests at once. A call that has ended
   * meanwhile is no error; a refused request leaves that phone to ring out its timeout.
   */
  async function cancelMemberCalls(queue: string, sids: string[], log: FastifyBaseLogger): Promise<void> {
    await Promise.all(
      sids.map(async (sid) => {
        try {
          await carrierClient.updateCall(sid, { status: "canceled" });
        } catch (err) {
          log.warn({ err, queue, sid }, "ring group member call not canceled");
        }
      }),
    );
  }

  /**
   * Starts a waiting caller's hunt, once however often the wait URL is requested, and takes the
   * next round-robin turn of the number's group for it: the turn (where the hunt starts), or null
   * when the hunt had started already. One statement, so each hunt takes exactly one turn, on
   * whichever instance it starts.
   */
  async function startHunt(
    context: CallContext,
    numberId: string,
    target: HuntTarget,
    callerCallSid: string,
  ): Promise<number | null> {
    const id = `hunt_${randomUUID().replaceAll("-", "")}`;
    const [started] = await queryRows<{ turn: number }>(
      db.db,
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
    return started ? started.turn : null;
  }

  /** Calls each number of an attempt; a call the carrier refuses counts as a member call that failed. */
  async function ringAttempt(
    context: CallContext,
    queue: string,
    plan: HuntPlan,
    attempt: number,
    numbers: string[],
    log: FastifyBaseLogger,
  ): Promise<void> {
    // One after another: the members are called in the group's order.
    for (const to of numbers) {
      const urls = memberUrls(twiml, context, { queue, attempt });
      let sid: string;
      try {
        ({ sid } = await carrierClient.createCall({
          from: plan.from,
          to,
          url: urls.url,
          statusCallback: urls.statusCallback,
          timeout: plan.timeoutSeconds,
        }));
      } catch (err) {
        log.warn({ err, queue, to }, "ring group member call refused by the carrier");
        await memberEnded(context, queue, attempt, `refused:${attempt}:${to}`, "failed", log);
        continue;
      }
      // Kept for canceling. A hunt that ended while the call was being placed did not see it:
      // that call is canceled here.
      const [hunt] = await db.db
        .update(hunts)
        .set({ memberCallSids: sql`array_append(${hunts.memberCallSids}, ${sid}::text)` })
        .where(eq(hunts.callerCallSid, queue))
        .returning({ state: hunts.state });
      if (hunt && hunt.state !== "hunting") await cancelMemberCalls(queue, [sid], log);
    }
  }

  /**
   * One member call of `attempt` ended unanswered: one fewer ringing (once per call, however often
   * the carrier reports it); the call that ends the attempt moves the hunt.
   */
  async function memberEnded(
    context: CallContext,
    queue: string,
    attempt: number,
    memberCallSid: string,
    status: MemberCallStatus,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const at = clock();
    const [row] = await db.db
      .update(hunts)
      .set({
        ringing: sql`${hunts.ringing} - 1`,
        endedCallSids: sql`array_append(${hunts.endedCallSids}, ${memberCallSid}::text)`,
        updatedAt: at,
      })
      .where(
        and(
          eq(hunts.callerCallSid, queue),
          eq(hunts.state, "hunting"),
          eq(hunts.attempt, attempt),
          gt(hunts.ringing, 0),
          sql`not (${memberCallSid}::text = any(${hunts.endedCallSids}))`,
        ),
      )
      .returning({ ringing: hunts.ringing, target: hunts.target, rotation: hunts.rotation });
    // Not hunting any more, another attempt, or a repeated callback: nothing to do.
    if (!row || row.ringing > 0) return;

    const plan = huntPlan(
      routing.current(),
      context,
      row.target === "after" ? "after" : "open",
      row.rotation,
    );
    const move = plan ? afterMemberCall(plan.attempts, { attempt, ringing: 1 }, status) : null;
    // This callback ended the attempt (ringing reached 0): only it gets here.
    const lastOfAttempt = and(
      eq(hunts.callerCallSid, queue),
      eq(hunts.state, "hunting"),
      eq(hunts.attempt, attempt),
      eq(hunts.ringing, 0),
    );
    if (plan && move?.kind === "next") {
      const moved = await db.db
        .update(hunts)
        .set({ attempt: move.attempt, ringing: move.numbers.length, updatedAt: at })
        .where(lastOfAttempt)
        .returning({ id: hunts.id });
      if (moved.length > 0) await ringAttempt(context, queue, plan, move.attempt, move.numbers, log);
      return;
    }
    if (move?.kind === "none") return;
    await db.db.update(hunts).set({ state: "exhausted", updatedAt: at }).where(lastOfAttempt);
  }

  /**
   * The queue's wait URL, requested again each time its TwiML ends. The first request starts the
   * hunt and takes its round-robin turn (the incoming call's answer stays free of database work);
   * later ones only read its state.
   */
  app.post(voicePaths.hold, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const callSid = params.optional("CallSid");
    if (!context?.numberId || !callSid) return sendTwiml(reply, renderLeave());
    const target = readHuntTarget(query);
    const table = routing.current();
    // The turn only reorders the members: whether anyone can be rung shows at any turn.
    const plan = huntPlan(table, context, target, 0);
    if (!plan?.attempts[0]) return sendTwiml(reply, renderLeave());

    let turn: number | null;
    try {
      turn = await startHunt(context, context.numberId, target, callSid);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      request.log.warn(
        { callSid, accountId: context.accountId },
        "hold for an account that no longer exists",
      );
      return sendTwiml(reply, renderLeave());
    }
    // Same table as the check above: at its turn too the group has someone to ring.
    const started = turn === null ? null : huntPlan(table, context, target, turn);
    const first = started?.attempts[0];
    if (turn !== null && started && first) {
      await db.db
        .update(hunts)
        .set({ rotation: turn, ringing: first.length, updatedAt: clock() })
        .where(eq(hunts.callerCallSid, callSid));
      await ringAttempt(context, callSid, started, 0, first, request.log);
    }

    const [row] = await db.db
      .select({ state: hunts.state })
      .from(hunts)
      .where(eq(hunts.callerCallSid, callSid));
    return sendTwiml(reply, row?.state === "exhausted" ? renderLeave() : renderHold(plan.holdMusicUrl));
  });

  /** A member answered: the first one takes the caller; anyone later is thanked off the line. */
  app.post(voicePaths.member, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const member = readMemberCall(query);
    if (!context || !member) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const [taken] = await db.db
      .update(hunts)
      .set({ state: "bridged", updatedAt: clock() })
      .where(and(eq(hunts.callerCallSid, member.queue), eq(hunts.state, "hunting")))
      .returning({ memberCallSids: hunts.memberCallSids, endedCallSids: hunts.endedCallSids });
    if (!taken) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    // The other phones stop ringing before this member is put through (the requests go out
    // together: one round trip to the carrier).
    await cancelMemberCalls(member.queue, stillRinging(taken, params.optional("CallSid")), request.log);
    const company = routing.current().accounts.get(context.accountId)?.companyName ?? "";
    return sendTwiml(reply, renderMemberAnswer(company, member.queue));
  });

  /**
   * A member call's progress: an unanswered end moves the hunt on. Calls canceled because the hunt
   * ended (bridged or exhausted) change nothing: only a hunt still hunting counts an end.
   */
  app.post(voicePaths.memberStatus, async (request, reply) => {
    const params = carrierParams(request);
    const query = carrierQuery(request).record();
    const context = readContext(query);
    const member = readMemberCall(query);
    const callSid = params.optional("CallSid");
    const status = params.oneOf("CallStatus", MEMBER_CALL_ENDINGS);
    if (!context || !member || !callSid || !status || status === "completed")
      return sendTwiml(reply, EMPTY_TWIML);
    await memberEnded(context, member.queue, member.attempt, callSid, status, request.log);
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /** The caller left the queue: bridged (the call is over), or not taken (voicemail or goodbye). */
  app.post(voicePaths.queueResult, async (request, reply) => {
    const params = carrierParams(request);
    const context = readContext(carrierQuery(request).record());
    if (!context) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const result = params.optional("QueueResult") ?? "error";
    const callSid = params.optional("CallSid");
    if (result !== "bridged" && callSid) {
      // Nobody may take a caller who is gone or on the way to voicemail: the phones stop ringing.
      const [left] = await db.db
        .update(hunts)
        .set({ state: "exhausted", updatedAt: clock() })
        .where(and(eq(hunts.callerCallSid, callSid), eq(hunts.state, "hunting")))
        .returning({ memberCallSids: hunts.memberCallSids, endedCallSids: hunts.endedCallSids });
      if (left) await cancelMemberCalls(callSid, stillRinging(left), request.log);
    }
    const step = continueAfterQueue(routing.current(), context, result);
    return sendTwiml(
      reply,
      renderStep(step, twiml, { from: params.text("From"), to: params.text("To"), callSid }),
    );
  });
}
