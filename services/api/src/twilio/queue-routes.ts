import { randomUUID } from "node:crypto";
import { schema } from "@poundline/db";
import {
  afterMemberCall,
  type CallContext,
  continueAfterQueue,
  EMPTY_TWIML,
  type HuntPlan,
  huntPlan,
  MEMBER_CALL_ENDINGS,
  type MemberCallStatus,
  memberUrls,
  readContext,
  readHunt,
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
import { paramsOf, sendTwiml } from "./plugin";

type Query = Record<string, string | undefined>;

const hunts = schema.ringHunts;

/**
 * Ring groups with music on hold. The caller waits in a carrier queue named by its CallSid
 * (<Enqueue>), hearing the number's hold music from the wait URL, while the group's members are
 * called one attempt at a time; a member who answers hears a whisper and takes the caller
 * (<Dial><Queue>). The hunt lives in ring_hunts: any instance may get the next webhook, and each
 * change is one conditional UPDATE, so members' callbacks arriving together cannot both move it.
 */
export async function queueRoutes(app: FastifyInstance) {
  const { carrier, carrierClient, routing, clock, db } = app.deps;
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };

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
      try {
        await carrierClient.createCall({
          from: plan.from,
          to,
          url: urls.url,
          statusCallback: urls.statusCallback,
          timeout: plan.timeoutSeconds,
        });
      } catch (err) {
        log.warn({ err, queue, to }, "ring group member call refused by the carrier");
        await memberEnded(context, queue, attempt, `refused:${attempt}:${to}`, "failed", log);
      }
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

    const plan = huntPlan(routing.current(), context, {
      target: row.target === "after" ? "after" : "open",
      rotation: row.rotation,
    });
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
   * hunt (the incoming call's answer stays free of database work); later ones only read its state.
   */
  app.post(voicePaths.hold, async (request, reply) => {
    const query = request.query as Query;
    const context = readContext(query);
    const callSid = paramsOf(request).CallSid;
    if (!context || !callSid) return sendTwiml(reply, renderLeave());
    const hunt = readHunt(query);
    const plan = huntPlan(routing.current(), context, hunt);
    const first = plan?.attempts[0];
    if (!plan || !first) return sendTwiml(reply, renderLeave());

    const created = await db.db
      .insert(hunts)
      .values({
        id: `hunt_${randomUUID().replaceAll("-", "")}`,
        accountId: context.accountId,
        callerCallSid: callSid,
        phoneNumberId: context.numberId,
        target: hunt.target,
        rotation: hunt.rotation,
        attempt: 0,
        ringing: first.length,
        state: "hunting",
      })
      .onConflictDoNothing({ target: hunts.callerCallSid })
      .returning({ id: hunts.id });
    if (created.length > 0) await ringAttempt(context, callSid, plan, 0, first, request.log);

    const [row] = await db.db
      .select({ state: hunts.state })
      .from(hunts)
      .where(eq(hunts.callerCallSid, callSid));
    return sendTwiml(reply, row?.state === "exhausted" ? renderLeave() : renderHold(plan.holdMusicUrl));
  });

  /** A member answered: the first one takes the caller; anyone later is thanked off the line. */
  app.post(voicePaths.member, async (request, reply) => {
    const query = request.query as Query;
    const context = readContext(query);
    const member = readMemberCall(query);
    if (!context || !member) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const taken = await db.db
      .update(hunts)
      .set({ state: "bridged", updatedAt: clock() })
      .where(and(eq(hunts.callerCallSid, member.queue), eq(hunts.state, "hunting")))
      .returning({ id: hunts.id });
    if (taken.length === 0) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const company = routing.current().accounts.get(context.accountId)?.companyName ?? "";
    return sendTwiml(reply, renderMemberAnswer(company, member.queue));
  });

  /** A member call's progress: an unanswered end moves the hunt on. */
  app.post(voicePaths.memberStatus, async (request, reply) => {
    const query = request.query as Query;
    const context = readContext(query);
    const member = readMemberCall(query);
    const params = paramsOf(request);
    const status = params.CallStatus as MemberCallStatus | undefined;
    if (
      !context ||
      !member ||
      !params.CallSid ||
      !status ||
      !MEMBER_CALL_ENDINGS.includes(status) ||
      status === "completed"
    )
      return sendTwiml(reply, EMPTY_TWIML);
    await memberEnded(context, member.queue, member.attempt, params.CallSid, status, request.log);
    return sendTwiml(reply, EMPTY_TWIML);
  });

  /** The caller left the queue: bridged (the call is over), or not taken (voicemail or goodbye). */
  app.post(voicePaths.queueResult, async (request, reply) => {
    const query = request.query as Query;
    const context = readContext(query);
    const params = paramsOf(request);
    if (!context) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const result = params.QueueResult ?? "error";
    if (result !== "bridged" && params.CallSid) {
      // Nobody may take a caller who is gone or on the way to voicemail.
      await db.db
        .update(hunts)
        .set({ state: "exhausted", updatedAt: clock() })
        .where(and(eq(hunts.callerCallSid, params.CallSid), eq(hunts.state, "hunting")));
    }
    const step = continueAfterQueue(routing.current(), context, result);
    return sendTwiml(
      reply,
      renderStep(step, twiml, { from: params.From ?? "", to: params.To ?? "", callSid: params.CallSid }),
    );
  });
}
