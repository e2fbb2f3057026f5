import { describe, expect, it } from "vitest";
import { type PortInNumberStatus, type PortInRequestStatus, portInChange } from "../src/porting";

describe("portInChange", () => {
  it.each<[string, PortInRequestStatus, PortInNumberStatus | null, ReturnType<typeof portInChange>]>([
    ["PortInInProgress", "in_review", null, { kind: "request", status: "in_progress" }],
    ["PortInInProgress", "in_progress", null, { kind: "none" }],
    ["PortInCompleted", "in_progress", null, { kind: "request", status: "completed" }],
    ["PortInActionRequired", "in_review", null, { kind: "request", status: "action_required" }],
    ["PortInCanceled", "completed", null, { kind: "none" }],
    ["PortInInProgress", "canceled", null, { kind: "none" }],
    ["PortInPhoneNumberSubmitted", "in_progress", "in_review", { kind: "number", status: "submitted" }],
    ["PortInPhoneNumberPending", "in_progress", "submitted", { kind: "number", status: "pending" }],
    ["PortInPhoneNumberCompleted", "in_progress", "pending", { kind: "number", status: "completed" }],
    ["PortInPhoneNumberSubmitted", "in_progress", "pending", { kind: "none" }],
    ["PortInPhoneNumberCompleted", "in_progress", "completed", { kind: "none" }],
    ["PortInPhoneNumberRejected", "in_review", "in_review", { kind: "number", status: "rejected" }],
    ["PortInPhoneNumberPending", "in_progress", null, { kind: "none" }],
    ["SomethingNew", "in_progress", "pending", { kind: "none" }],
  ])("%s on a request %s, number %s", (event, request, number, expected) => {
    expect(portInChange(event, { request, number })).toEqual(expected);
  });
});
