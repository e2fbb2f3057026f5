import { type Database, schema } from "@poundline/db";
import type { BlockDecision } from "@poundline/domain";
import { sql } from "drizzle-orm";

export interface BlockedCall extends BlockDecision {
  callSid: string;
  accountId: string;
}

/**
 * Remembers a call a block rule caught, and marks its log (the rule; rejected, the status
 * "blocked") if the carrier's status callback wrote it first; the status writer reads the row
 * when the callback comes after (as refused-calls.ts does). Best effort: the incoming call's
 * answer does not wait for it.
 */
export function createBlockRecorder(db: Database, log: { warn(obj: object, msg: string): void }) {
  const { blockedCalls, callLogs } = schema;
  const write = (call: BlockedCall) =>
    db.execute(sql`with blocked as (
        insert into ${blockedCalls} (call_sid, account_id, rule, action)
        select ${call.callSid}, ${call.accountId}, ${call.rule}, ${call.action}
        where exists (select 1 from ${schema.accounts} a where a.id = ${call.accountId})
        on conflict (call_sid) do nothing
        returning call_sid, rule, action
      )
      update ${callLogs} set block_rule = blocked.rule,
        call_status = case when blocked.action = 'reject' then 'blocked' else ${callLogs.callStatus} end,
        updated_at = now()
      from blocked
      where ${callLogs.callSid} = blocked.call_sid and ${callLogs.accountId} = ${call.accountId}`);
  return (call: BlockedCall): void => {
    write(call).catch((err) => log.warn({ err, callSid: call.callSid }, "blocked call not recorded"));
  };
}
