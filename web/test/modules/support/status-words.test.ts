import { describe, expect, it } from "vitest";
import type { TicketSide, TicketStatus } from "../../../src/api/support";
import { STATUS_OPTIONS, statusLabel } from "../../../src/modules/support/status-words";

describe("a ticket's status in the reader's words", () => {
  it.each<[TicketSide, TicketStatus, string]>([
    ["customer", "open", "Open"],
    ["customer", "pending_admin", "Awaiting support"],
    ["customer", "pending_user", "Awaiting your reply"],
    ["customer", "closed", "Closed"],
    ["support", "open", "Open"],
    ["support", "pending_admin", "Awaiting support"],
    ["support", "pending_user", "Awaiting customer"],
    ["support", "closed", "Closed"],
  ])("%s sees %s as %j", (side, status, words) => {
    expect(statusLabel(side, status)).toBe(words);
  });

  it("never shows a stored name (no underscore, no 'pending')", () => {
    for (const { label } of STATUS_OPTIONS) expect(label).not.toMatch(/_|pending/i);
    expect(STATUS_OPTIONS.map((o) => o.value)).toEqual(["open", "pending_admin", "pending_user", "closed"]);
  });
});
