/**
 * Port-in requests as the carrier reports them: the states of a request and of each of its
 * numbers, and what one porting webhook does to them. The carrier's description leaves these a
 * free string; its porting docs name them, and its sim sends exactly these.
 */

export const portInRequestStatuses = [
  "draft",
  "in_review",
  "in_progress",
  "action_required",
  "completed",
  "canceled",
] as const;
export type PortInRequestStatus = (typeof portInRequestStatuses)[number];

export const portInNumberStatuses = [
  "in_review",
  "submitted",
  "pending",
  "completed",
  "rejected",
  "canceled",
] as const;
export type PortInNumberStatus = (typeof portInNumberStatuses)[number];

/** The carrier's port-in events we subscribe to (its webhook configuration's `notifications_of`). */
export const portInEvents = [
  "PortInInProgress",
  "PortInCompleted",
  "PortInActionRequired",
  "PortInCanceled",
  "PortInPhoneNumberSubmitted",
  "PortInPhoneNumberPending",
  "PortInPhoneNumberCompleted",
  "PortInPhoneNumberRejected",
] as const;
export type PortInEvent = (typeof portInEvents)[number];

/** What a request event sets the request to. */
const REQUEST_EVENTS: Partial<Record<PortInEvent, PortInRequestStatus>> = {
  PortInInProgress: "in_progress",
  PortInCompleted: "completed",
  PortInActionRequired: "action_required",
  PortInCanceled: "canceled",
};

/** What a number event sets the number to. */
const NUMBER_EVENTS: Partial<Record<PortInEvent, PortInNumberStatus>> = {
  PortInPhoneNumberSubmitted: "submitted",
  PortInPhoneNumberPending: "pending",
  PortInPhoneNumberCompleted: "completed",
  PortInPhoneNumberRejected: "rejected",
};

/** How far along each number state is: a late, older event never moves a number back. */
const NUMBER_ORDER: Record<PortInNumberStatus, number> = {
  in_review: 0,
  submitted: 1,
  pending: 2,
  completed: 3,
  rejected: 3,
  canceled: 3,
};

const FINAL_REQUEST: readonly PortInRequestStatus[] = ["completed", "canceled"];

export type PortInChange =
  | { kind: "request"; status: PortInRequestStatus }
  | { kind: "number"; status: PortInNumberStatus }
  | { kind: "none" };

/**
 * What one event does, given where things stand: a request or number change, or nothing (an
 * unknown event, one that would move a number back, or a request already settled).
 */
export function portInChange(
  event: string,
  current: { request: PortInRequestStatus; number: PortInNumberStatus | null },
): PortInChange {
  const requestStatus = REQUEST_EVENTS[event as PortInEvent];
  if (requestStatus) {
    if (FINAL_REQUEST.includes(current.request) || current.request === requestStatus) return { kind: "none" };
    return { kind: "request", status: requestStatus };
  }
  const numberStatus = NUMBER_EVENTS[event as PortInEvent];
  if (!numberStatus || current.number === null) return { kind: "none" };
  if (NUMBER_ORDER[numberStatus] <= NUMBER_ORDER[current.number]) return { kind: "none" };
  return { kind: "number", status: numberStatus };
}

/** The words the console and the e-mails use for each state. */
export const portInStatusLabels: Record<PortInRequestStatus | PortInNumberStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  in_progress: "In progress",
  action_required: "Action required",
  completed: "Completed",
  canceled: "Canceled",
  submitted: "Submitted to the losing carrier",
  pending: "Accepted, waiting for the port date",
  rejected: "Rejected",
};
