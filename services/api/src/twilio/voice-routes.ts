import { newId, queryRows, schema } from "@poundline/db";
import {
  type CallerLocation,
  chooseLicensee,
  continueAfterDial,
  continueAfterGather,
  countryOfNumber,
  type DialStatus,
  EMPTY_TWIML,
  locateCaller,
  nanpAreaCodes,
  type RoutingTable,
  readContext,
  readFollowUp,
  readPosition,
  renderMessageSaved,
  renderStep,
  routeIncomingCall,
  type TwimlOptions,
  voicePaths,
} from "@poundline/telephony";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { upsertContactByPhone } from "../crm/contacts";
import { paramsOf, sendTwiml, type WebhookParams } from "./plugin";

const callStatusOf: Record<string, string> = {
  queued: "queued",
  initiated: "initiated",
  ringing: "ringing",
  "in-progress": "in-progress",
  answered: "in-progress",
  completed: "completed",
  busy: "busy",
  "no-answer": "no-answer",
  failed: "failed",
  canceled: "canceled",
};

const partiesOf = (params: WebhookParams) => ({
  from: params.From ?? "",
  to: params.To ?? "",
  callSid: params.CallSid,
});

export function callerLocation(params: WebhookParams): CallerLocation {
  return locateCaller(
    { from: params.From ?? "", fromState: params.FromState, fromCountry: params.FromCountry },
    nanpAreaCodes,
    countryOfNumber,
  );
}

/** Which account a call belongs to: the owner of our number, or the licensee the geo rules chose. */
export function accountOfCall(table: RoutingTable, ourNumber: string, params: WebhookParams) {
  const entry = table.byNumber.get(ourNumber);
  if (!entry) return null;
  if (entry.kind === "owned")
    return { accountId: entry.route.accountId, phoneNumberId: entry.route.numberId };
  const { accountId } = chooseLicensee(entry.shared, callerLocation(params));
  return accountId
    ? { accountId, phoneNumberId: table.accounts.get(accountId)?.mainRoute?.numberId ?? null }
    : null;
}

export async function voiceRoutes(app: FastifyInstance) {
  const { carrier, routing, clock, db, live } = app.deps;
  const twiml: TwimlOptions = {
    baseUrl: carrier.webhookBaseUrl,
    carrierTranscription: carrier.carrierTranscription,
  };
  // Round-robin turns per ring group, kept by this instance.
  const turns = new Map<string, number>();
  const rotation = (key: string) => {
    const n = turns.get(key) ?? 0;
    turns.set(key, n + 1);
    return n;
  };

  // The hot path: in-memory tables only, no database round trip.
  app.post(voicePaths.incoming, async (request, reply) => {
    const params = paramsOf(request);
    const routed = routeIncomingCall(
      routing.current(),
      {
        to: params.To ?? "",
        from: params.From ?? "",
        fromState: params.FromState,
        fromCountry: params.FromCountry,
      },
      callerLocation(params),
      clock(),
      rotation,
    );
    return sendTwiml(reply, renderStep(routed.step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.gather, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const context = readContext(query);
    const position = readPosition(query);
    if (!context || !position) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const params = paramsOf(request);
    const step = continueAfterGather(routing.current(), context, position, params.Digits ?? "");
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.dial, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const context = readContext(query);
    const followUp = readFollowUp(query);
    if (!context || !followUp) return sendTwiml(reply, renderStep({ kind: "end" }, twiml));
    const params = paramsOf(request);
    const status = (params.DialCallStatus ?? "no-answer") as DialStatus;
    const step = continueAfterDial(routing.current(), context, followUp, status);
    return sendTwiml(reply, renderStep(step, twiml, partiesOf(params)));
  });

  app.post(voicePaths.record, async (request, reply) => {
    const params = paramsOf(request);
    const recorded = Boolean(params.RecordingSid) && Number(params.RecordingDuration ?? "0") > 0;
    return sendTwiml(reply, recorded ? renderMessageSaved() : renderStep({ kind: "end" }, twiml));
  });

  /**
   * Call progress. The call log is created or updated by CallSid in one statement; an event with a
   * SequenceNumber not above the stored one changes nothing, so duplicates and late events are no-ops.
   */
  app.post(voicePaths.status, async (request, reply) => {
    const params = paramsOf(request);
    const callSid = params.CallSid;
    const status = callStatusOf[params.CallStatus ?? ""];
    if (!callSid || !status) return sendTwiml(reply, EMPTY_TWIML);
    const inbound = (params.Direction ?? "inbound") === "inbound";
    const ourNumber = (inbound ? params.To : params.From) ?? "";
    const owner = accountOfCall(routing.current(), ourNumber, params);
    if (!owner) {
      request.log.warn({ callSid, ourNumber }, "status callback for a number no account owns");
      return sendTwiml(reply, EMPTY_TWIML);
    }
    const sequence = Number.parseInt(params.SequenceNumber ?? "0", 10) || 0;
    const at = params.Timestamp ? new Date(params.Timestamp) : clock();
    const eventTime = Number.isNaN(at.getTime()) ? clock() : at;
    const duration = Math.max(0, Number.parseInt(params.CallDuration ?? "0", 10) || 0);
    const ended = ["completed", "busy", "no-answer", "failed", "canceled"].includes(status);
    const theirNumber = (inbound ? params.From : params.To) ?? "";

    // One statement (contact, call log, hand-offs in a WITH): one round trip, atomic on its own.
    const contact = upsertContactByPhone(db.db, {
      accountId: owner.accountId,
      phone: theirNumber,
      name: params.CallerName,
      source: "call",
      at: eventTime,
    });
    const callLog = db.db
      .insert(schema.callLogs)
      .values({
        id: newId("call"),
        accountId: owner.accountId,
        contactId: sql`(select id from contact)`,
        phoneNumberId: owner.phoneNumberId,
        callSid,
        parentCallSid: params.ParentCallSid || null,
        direction: inbound ? "inbound" : "outbound",
        fromNumber: params.From ?? "",
        toNumber: params.To ?? "",
        callStartTime: ended ? new Date(eventTime.getTime() - duration * 1000) : eventTime,
        answeredAt:
          status === "in-progress"
            ? eventTime
            : ended && duration > 0
              ? new Date(eventTime.getTime() - duration * 1000)
              : null,
        endedAt: ended ? eventTime : null,
        durationSeconds: duration,
        callStatus: status,
        lastSequenceNumber: sequence,
        fromCity: params.FromCity || null,
        fromState: params.FromState || null,
        fromCountry: params.FromCountry || null,
      })
      .onConflictDoUpdate({
        target: schema.callLogs.callSid,
        set: {
          callStatus: sql`case when excluded.call_status = 'completed' and exists (select 1 from ${schema.voicemails} v where v.call_sid = excluded.call_sid) then 'voicemail_missed' else excluded.call_status end`,
          lastSequenceNumber: sql`excluded.last_sequence_number`,
          durationSeconds: sql`greatest(${schema.callLogs.durationSeconds}, excluded.duration_seconds)`,
          answeredAt: sql`coalesce(${schema.callLogs.answeredAt}, excluded.answered_at)`,
          endedAt: sql`coalesce(excluded.ended_at, ${schema.callLogs.endedAt})`,
          callStartTime: sql`least(${schema.callLogs.callStartTime}, excluded.call_start_time)`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${schema.callLogs.lastSequenceNumber} < excluded.last_sequence_number`,
      })
      .returning({ id: schema.callLogs.id, callStatus: schema.callLogs.callStatus });
    // Charging happens in a worker; the hand-off is written with the row it belongs to, and only
    // when the row was written (a duplicate or late event changes nothing and hands off nothing).
    // The missed-call notice decides for itself whether nobody answered (voicemail has its own).
    const handOffs =
      status !== "completed"
        ? []
        : [
            { queue: "billing", jobName: "charge-call", jobId: `charge-call:${callSid}` },
            ...(inbound
              ? [{ queue: "notifications", jobName: "missed-call", jobId: `missed-call:${callSid}` }]
              : []),
          ];
    const jobs =
      handOffs.length === 0
        ? sql`select 1`
        : sql`insert into ${schema.jobOutbox} (id, queue, job_name, job_id, payload)
            select v.id, v.queue, v.job_name, v.job_id, v.payload::jsonb
            from (values ${sql.join(
              handOffs.map(
                (job) =>
                  sql`(${newId("job")}, ${job.queue}, ${job.jobName}, ${job.jobId}, ${JSON.stringify({ callSid })})`,
              ),
              sql`, `,
            )}) as v(id, queue, job_name, job_id, payload)
            where exists (select 1 from log)`;
    const [applied] = await queryRows<{ id: string; callStatus: string }>(
      db.db,
      sql`with contact as (${contact.getSQL()}), log as (${callLog.getSQL()}), jobs as (${jobs}) select id, call_status as "callStatus" from log`,
    );

    if (applied) {
      if (status === "completed") app.deps.jobs?.notify();
      // Live views are best effort: the carrier's answer does not wait for them.
      live
        .publish(owner.accountId, {
          type: "call.updated",
          callSid,
          status: applied.callStatus,
          from: params.From ?? "",
          to: params.To ?? "",
          direction: inbound ? "inbound" : "outbound",
        })
        .catch((err: unknown) => request.log.warn({ err, callSid }, "live event not published"));
    }
    return sendTwiml(reply, EMPTY_TWIML);
  });
}
