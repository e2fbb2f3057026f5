import { type Database, schema } from "@poundline/db";
import type { GateState } from "@poundline/domain";
import { sql } from "drizzle-orm";

export interface RefusedCall {
  callSid: string;
  accountId: string;
  reason: Exclude<GateState, "open">;
}

/**
 * Remembers a call the account's gate turned away, and marks its log "refused" if the carrier's
 * status callback wrote it first; the status writer (call-status-writer.ts) reads the row when
 * the callback comes after. So the call log says "refused" whichever arrives first, although the
 * carrier reports the refused call "completed" (it was answered with the goodbye). The incoming
 * call's answer does not wait for this: best effort, failures logged.
 */
export function createRefusalRecorder(db: Database, log: { warn(obj: object, msg: string): void }) {
  const { refusedCalls, callLogs } = schema;
  const write = (call: RefusedCall) =>
    db.execute(sql`with refusal as (
        insert into ${refusedCalls} (call_sid, account_id, reason)
        select ${call.callSid}, ${call.accountId}, ${call.reason}
        where exists (select 1 from ${schema.accounts} a where a.id = ${call.accountId})
        on conflict (call_sid) do nothing
        returning call_sid
      )
      update ${callLogs} set call_status = 'refused', updated_at = now()
      where ${callLogs.callSid} in (select call_sid from refusal) and ${callLogs.accountId} = ${call.accountId}`);
  return (call: RefusedCall): void => {
    write(call).catch((err) => log.warn({ err, callSid: call.callSid }, "refused call not recorded"));
  };
}
