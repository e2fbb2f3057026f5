/**
 * The carrier's porting desk: port-in requests and their numbers, moving on the sim's clock once
 * a reviewer (the control endpoints) approves or rejects them, and the signed JSON webhooks the
 * carrier sends at each step to the account's porting webhook configuration.
 */
import { formatNational } from "./phone";
import { newSid } from "./sids";
import { signedJsonWebhook } from "./signing";
import type { CarrierSim } from "./sim";
import { addSeconds } from "./time";

/** The request's states (the description leaves them a free string; the carrier's docs name these). */
export type PortInRequestStatus = "in_review" | "in_progress" | "action_required" | "completed" | "canceled";

export type PortInNumberStatus =
  | "in_review"
  | "submitted"
  | "pending"
  | "completed"
  | "rejected"
  | "canceled";

/** The carrier's porting notification events (its webhook configuration's `notifications_of`). */
export type PortingEvent =
  | "PortInInProgress"
  | "PortInCompleted"
  | "PortInActionRequired"
  | "PortInCanceled"
  | "PortInPhoneNumberSubmitted"
  | "PortInPhoneNumberPending"
  | "PortInPhoneNumberCompleted"
  | "PortInPhoneNumberRejected";

/** How long the losing carrier takes to accept a submitted number, in virtual seconds. */
export const LOSING_CARRIER_REVIEW_SECONDS = 3600;

export interface PortInNumber {
  sid: string;
  phoneNumber: string;
  status: PortInNumberStatus;
  portDate: Date | null;
  rejectionReason: string | null;
  rejectionReasonCode: number | null;
  lastUpdated: Date;
}

export interface PortInRequest {
  sid: string;
  status: PortInRequestStatus;
  targetDate: string | null;
  notificationEmails: string[];
  losingCarrier: Record<string, unknown>;
  documents: string[];
  numbers: PortInNumber[];
  dateCreated: Date;
  cancellationReason: string | null;
}

export interface PortingWebhookConfiguration {
  portInTargetUrl: string | null;
  notificationsOf: string[];
  dateCreated: Date;
}

interface Transition {
  at: Date;
  requestSid: string;
  apply: () => PortingNotice[];
}

/** One webhook the desk owes the account. */
export interface PortingNotice {
  event: PortingEvent;
  request: PortInRequest;
  number?: PortInNumber;
}

export interface NewPortIn {
  phoneNumbers: { phone_number: string }[];
  losingCarrier: Record<string, unknown>;
  targetDate: string | null;
  notificationEmails: string[];
  documents: string[];
}

export class PortingDesk {
  private readonly requests = new Map<string, PortInRequest>();
  private timeline: Transition[] = [];
  webhook: PortingWebhookConfiguration | null = null;

  constructor(private readonly sim: CarrierSim) {}

  create(input: NewPortIn): PortInRequest {
    const now = this.sim.now();
    const request: PortInRequest = {
      sid: newSid("KW"),
      status: "in_review",
      targetDate: input.targetDate,
      notificationEmails: input.notificationEmails,
      losingCarrier: input.losingCarrier,
      documents: input.documents,
      dateCreated: now,
      cancellationReason: null,
      numbers: input.phoneNumbers.map((entry) => ({
        sid: newSid("PU"),
        phoneNumber: entry.phone_number,
        status: "in_review",
        portDate: null,
        rejectionReason: null,
        rejectionReasonCode: null,
        lastUpdated: now,
      })),
    };
    this.requests.set(request.sid, request);
    return request;
  }

  request(sid: string): PortInRequest | undefined {
    return this.requests.get(sid);
  }

  /** Requests whose numbers are not all settled, in the order they were made. */
  all(): PortInRequest[] {
    return [...this.requests.values()];
  }

  /**
   * The reviewer approves: the numbers go to the losing carrier (submitted), which accepts them
   * an hour later (pending, with the port date), and they port on the target date.
   */
  async approve(sid: string): Promise<PortInRequest | undefined> {
    const request = this.requests.get(sid);
    if (request?.status !== "in_review") return request;
    const now = this.sim.now();
    const notices = this.move(request, "in_progress", "PortInInProgress", "in_review", "submitted");
    const accepted = addSeconds(now, LOSING_CARRIER_REVIEW_SECONDS);
    const portDate = portDateOf(request.targetDate, accepted);
    this.schedule(accepted, sid, () => this.accept(request, portDate));
    this.schedule(portDate, sid, () => this.complete(request));
    await this.deliver(notices);
    return request;
  }

  /** The reviewer rejects: every number still open is refused, and the request needs action. */
  async reject(sid: string, reason: string): Promise<PortInRequest | undefined> {
    const request = this.requests.get(sid);
    if (!request || !isOpen(request)) return request;
    const notices: PortingNotice[] = [];
    for (const number of request.numbers.filter((n) => !isSettled(n.status))) {
      Object.assign(number, { rejectionReason: reason, rejectionReasonCode: 22105 });
      notices.push(this.setNumber(request, number, "rejected", "PortInPhoneNumberRejected"));
    }
    request.status = "action_required";
    notices.push({ event: "PortInActionRequired", request });
    this.unschedule(sid);
    await this.deliver(notices);
    return request;
  }

  /** The account cancels the request (DELETE): what has not ported is canceled. */
  async cancel(sid: string): Promise<"canceled" | "not-found" | "settled"> {
    const request = this.requests.get(sid);
    if (!request) return "not-found";
    if (!isOpen(request)) return "settled";
    for (const number of request.numbers.filter((n) => !isSettled(n.status))) {
      this.setNumber(request, number, "canceled");
    }
    request.status = "canceled";
    request.cancellationReason = "Canceled by the account";
    this.unschedule(sid);
    await this.deliver([{ event: "PortInCanceled", request }]);
    return "canceled";
  }

  /** The account cancels one number of a request. */
  async cancelNumber(sid: string, numberSid: string): Promise<"canceled" | "not-found" | "settled"> {
    const request = this.requests.get(sid);
    const number = request?.numbers.find((n) => n.sid === numberSid);
    if (!request || !number) return "not-found";
    if (isSettled(number.status)) return "settled";
    this.setNumber(request, number, "canceled");
    if (request.numbers.every((n) => n.status === "canceled")) return this.cancel(sid);
    return "canceled";
  }

  /** Applies every step whose time has come on the sim's clock, in time order; their webhooks too. */
  async runDue(): Promise<number> {
    const now = this.sim.now().getTime();
    const due = this.timeline.filter((t) => t.at.getTime() <= now).sort((a, b) => +a.at - +b.at);
    this.timeline = this.timeline.filter((t) => !due.includes(t));
    for (const step of due) await this.deliver(step.apply());
    return due.length;
  }

  /** Moves the clock's reading of every pending step of a request to now: the reviewer completes it. */
  async completeNow(sid: string): Promise<PortInRequest | undefined> {
    const request = this.requests.get(sid);
    if (request?.status === "in_review") await this.approve(sid);
    const now = this.sim.now();
    for (const step of this.timeline) if (step.requestSid === sid) step.at = now;
    await this.runDue();
    return request;
  }

  clear(): void {
    this.requests.clear();
    this.timeline = [];
    this.webhook = null;
  }

  private accept(request: PortInRequest, portDate: Date): PortingNotice[] {
    return request.numbers
      .filter((n) => n.status === "submitted")
      .map((number) => {
        number.portDate = portDate;
        return this.setNumber(request, number, "pending", "PortInPhoneNumberPending");
      });
  }

  /** The numbers port: the account's inventory gains them (unconfigured, as the carrier leaves them). */
  private complete(request: PortInRequest): PortingNotice[] {
    const notices = request.numbers
      .filter((n) => n.status === "pending")
      .map((number) => {
        this.sim.inventory.adopt(portedNumber(number.phoneNumber), this.sim.now());
        return this.setNumber(request, number, "completed", "PortInPhoneNumberCompleted");
      });
    if (request.numbers.every((n) => isSettled(n.status))) {
      request.status = "completed";
      notices.push({ event: "PortInCompleted", request });
    }
    return notices;
  }

  private move(
    request: PortInRequest,
    status: PortInRequestStatus,
    event: PortingEvent,
    from: PortInNumberStatus,
    to: PortInNumberStatus,
  ): PortingNotice[] {
    request.status = status;
    const numbers = request.numbers.filter((n) => n.status === from);
    return [
      { event, request },
      ...numbers.map((n) => this.setNumber(request, n, to, "PortInPhoneNumberSubmitted")),
    ];
  }

  private setNumber(
    request: PortInRequest,
    number: PortInNumber,
    status: PortInNumberStatus,
    event: PortingEvent = "PortInPhoneNumberSubmitted",
  ): PortingNotice {
    number.status = status;
    number.lastUpdated = this.sim.now();
    return { event, request, number };
  }

  private schedule(at: Date, requestSid: string, apply: () => PortingNotice[]): void {
    this.timeline.push({ at, requestSid, apply });
  }

  private unschedule(sid: string): void {
    this.timeline = this.timeline.filter((t) => t.requestSid !== sid);
  }

  /** Sends each notice the configuration asks for, one after the other, signed; never throws. */
  private async deliver(notices: PortingNotice[]): Promise<void> {
    const target = this.webhook?.portInTargetUrl;
    if (!target) return;
    const wanted = this.webhook?.notificationsOf ?? [];
    for (const notice of notices) {
      if (wanted.length > 0 && !wanted.includes(notice.event)) continue;
      const body = noticeBody(notice, this.sim.now());
      const request = signedJsonWebhook(this.sim.authToken, {
        url: target,
        body,
        idempotencyToken: `${notice.event}-${notice.number?.sid ?? notice.request.sid}`,
      });
      await this.sim.sendPortingWebhook(request);
    }
  }
}

/** What a porting webhook carries: the request, and the number an event of a number is about. */
export function noticeBody(notice: PortingNotice, now: Date): Record<string, unknown> {
  const { request, number } = notice;
  return {
    event_type: notice.event,
    port_in_request_sid: request.sid,
    port_in_request_status: request.status,
    last_date_updated: now.toISOString(),
    ...(number
      ? {
          port_in_phone_number_sid: number.sid,
          phone_number: number.phoneNumber,
          port_in_phone_number_status: number.status,
          port_date: number.portDate?.toISOString() ?? null,
          rejection_reason: number.rejectionReason,
          rejection_reason_code: number.rejectionReasonCode,
        }
      : {}),
  };
}

const isSettled = (status: PortInNumberStatus) => ["completed", "rejected", "canceled"].includes(status);

const isOpen = (request: PortInRequest) => request.status === "in_review" || request.status === "in_progress";

/** The target date (at noon UTC) when it is later than the losing carrier's acceptance, else that. */
function portDateOf(targetDate: string | null, accepted: Date): Date {
  const target = targetDate ? new Date(`${targetDate}T12:00:00Z`) : accepted;
  return target.getTime() > accepted.getTime() ? target : accepted;
}

function portedNumber(phoneNumber: string) {
  return {
    sid: newSid("PN"),
    phoneNumber,
    kind: "local" as const,
    friendlyName: formatNational(phoneNumber),
    voiceUrl: "",
    voiceMethod: "POST" as const,
    statusCallback: "",
    statusCallbackMethod: "POST" as const,
    smsUrl: "",
    smsMethod: "POST" as const,
    emergencyAddressSid: null,
    emergencyStatus: "Inactive" as const,
  };
}
