import { AppError } from "@poundline/contracts/errors";
import type { RoutingIssue } from "@poundline/domain";

/** A save the routing validator refused: 400, the first reason as the message, all of them listed. */
export function refusedByValidator(issues: RoutingIssue[]): AppError {
  const reasons = issues.map((i) => i.message);
  return new AppError("BAD_REQUEST", reasons[0] ?? "This change would leave calls routed at nothing.", {
    routing: reasons,
  });
}
