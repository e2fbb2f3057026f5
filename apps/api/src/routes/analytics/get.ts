import { analyticsEndpoints } from "@poundline/contracts/analytics/endpoints";
import { rangeRequestOf } from "@poundline/contracts/analytics/schemas";
import { resolveRange } from "@poundline/domain/calendar-ranges";
import { accountTimeZone } from "@poundline/modules/accounts/time-zone";
import { callAnalytics } from "@poundline/modules/analytics/queries";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

export const get = handle(analyticsEndpoints.get, async (request) => {
  const { account } = requireAccount(request);
  const { db, clock } = request.server.deps;
  const timeZone = await accountTimeZone(db.db, account.id);
  const range = resolveRange(rangeRequestOf(request.query), clock(), timeZone);
  const figures = await callAnalytics(db.db, account.id, range, timeZone);
  return { range: request.query.range, ...figures };
});
