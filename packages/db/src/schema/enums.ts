/**
 * Enumerations of the seeds, kept in one place: the columns' types (`text(name, { enum })`),
 * their CHECK constraints and the zod schemas in the API are all built from these lists.
 */
export const countries = ["US", "CA"] as const;

export const usStates = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;

export const canadianProvinces = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;

/** `viewer`: the bookkeeper's read-only role (reads what the owner reads, changes nothing). */
export const membershipRoles = ["owner", "admin", "member", "viewer"] as const;
/** The roles an invitation may offer: ownership is transferred, never invited. */
export const invitableRoles = ["admin", "member", "viewer"] as const;
/** A member's availability for calls (packages/domain/src/members.ts). */
export const availabilities = ["available", "do_not_disturb", "away"] as const;
export const accountKinds = ["business", "nonprofit", "licensee"] as const;
export const accountStatuses = ["trialing", "active", "suspended", "closed"] as const;
export const adminRoles = ["admin"] as const;
export const emailTokenPurposes = ["confirm_email", "reset_password", "change_email"] as const;

export const leadStatuses = [
  "new",
  "contacted",
  "qualified",
  "proposal",
  "negotiation",
  "won",
  "lost",
] as const;
export const contactTypes = ["lead", "client", "vendor", "other"] as const;
export const contactSources = ["call", "text", "manual", "website", "referral"] as const;

export const callDirections = ["inbound", "outbound"] as const;
/** The ends of an inbound call that nobody answered: "missed" in the console's lists and figures. */
export const missedCallStatuses = ["missed", "voicemail_missed", "no-answer", "busy", "canceled"] as const;
export const callStatuses = [
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "no-answer",
  "canceled",
  "failed",
  "missed",
  "voicemail_missed",
  /** The account's gate turned the call away (trial ended, wallet empty...): never answered. */
  "refused",
  /** A block rule rejected the caller (call-blocking.ts): never answered, nothing charged. */
  "blocked",
] as const;
export {
  blockActions,
  blockedCallerKinds,
  blockRuleSettings,
  blockRules,
} from "@poundline/domain/call-blocking";
export const messageDirections = ["inbound", "outbound"] as const;
/** Why a text was sent by the system rather than typed and sent at once (null: a member's own). */
export const messageAutomations = ["missed_call", "after_hours", "first_contact", "scheduled"] as const;
/** A scheduled or automated text's life: pending until due, then sending, then one of the ends. */
export const scheduledTextStatuses = [
  "pending",
  "sending",
  "sent",
  "cancelled",
  "failed",
  "skipped",
] as const;
export const messageStatuses = [
  "accepted",
  "queued",
  "sending",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "receiving",
  "received",
  "read",
] as const;
export const voicemailStatuses = ["unread", "read"] as const;
/**
 * A call's recording: at the carrier until it is stored (then deleted there), or failed for good;
 * deleted: our copy too, by the account's retention.
 */
export const callRecordingStatuses = ["pending", "stored", "failed", "deleted"] as const;
/** Why a stored call recording was deleted: the account's retention passed. */
export const callRecordingDeletedReasons = ["retention"] as const;
/** The retentions an account may choose for its call recordings, in days (none: forever). */
export const recordingRetentionDays = [30, 90, 365] as const;
/** What a call recording holds: a recorded <Dial> (two channels), or a call room's conference (one, mixed). */
export const callRecordingSources = ["call", "room"] as const;
/** Who speaks on a two-channel recording's first channel: the party outside, or the team's member. */
export const callRecordingChannelOne = ["other", "team"] as const;
/** The carrier's real-time transcription of a recorded call: asked for, ended, or refused by the carrier. */
export const callTranscriptionStatuses = ["requested", "stopped", "failed"] as const;
/** What reaches a member's bell (and, by their preferences, their e-mail). */
export const memberNotificationKinds = [
  "assignment",
  "mention",
  "missed_call",
  "voicemail",
  "recording_usage",
] as const;
/**
 * Where a voicemail's text stands, so the console can say why there is none: `pending` (a
 * transcriber is working on it), `completed` (the text; empty when no words were heard), `failed`,
 * `off` (no transcriber configured when it arrived), `none` (older rows, from before the status said why).
 */
export const transcriptionStatuses = ["none", "off", "pending", "completed", "failed"] as const;

export const numberTypes = ["local", "toll-free"] as const;
/** The types of a number held or bought: abroad the carrier also sells mobile numbers. */
export const phoneNumberTypes = ["local", "mobile", "toll-free"] as const;
/** Who a regulatory bundle says holds a number abroad (the carrier's end user types). */
export const bundleEndUserTypes = ["individual", "business"] as const;
/** Where a regulatory bundle stands, in our words (the carrier's statuses map onto these). */
export const bundleStates = ["in_review", "approved", "rejected"] as const;
export const locationTypes = ["state", "province", "areaCode", "country"] as const;
export const licenseStatuses = ["active", "suspended", "expired"] as const;
export const ringStrategies = ["simultaneous", "sequential", "round-robin"] as const;
export const holdMusicOptions = ["default", "classical", "jazz", "custom"] as const;
/** Which of a number's targets a ring hunt or round-robin turn is for: business or after hours. */
export const ringHuntTargets = ["open", "after"] as const;
/** waiting: in line, nobody rung yet (callers ahead are served first). */
export const ringHuntStates = ["waiting", "hunting", "bridged", "exhausted"] as const;
export const routeTargets = [
  "ivr_menu",
  "extension",
  "ring_group",
  "voicemail",
  "forward",
  "hangup",
] as const;

export const greetingTypes = ["tts", "recording"] as const;
/** A greeting's place: a number's voicemail or after-hours greeting, an extension's voicemail one. */
export const greetingSlots = ["voicemail", "after_hours"] as const;
/** A greeting said by text to speech, or a stored recording played. */
export const greetingKinds = ["tts", "audio"] as const;
/** What a greeting recorded by phone is for. */
export const greetingCallTargets = ["number", "extension", "ivr_menu"] as const;
/**
 * A greeting recorded by phone: `calling` (the member's phone rings), `recording`, `recorded`
 * (played back, waiting for 1 or 2), `saving` (the worker fetches it), `saved`, `cancelled`
 * (hung up before saving), `failed` (the call or the fetch failed for good).
 */
export const greetingCallStatuses = [
  "calling",
  "recording",
  "recorded",
  "saving",
  "saved",
  "cancelled",
  "failed",
] as const;
export const ivrMenuActions = ["repeat", "operator", "voicemail", "ivr_menu", "hangup"] as const;
export const ivrOptionActions = [
  "ivr_menu",
  "extension",
  "voicemail",
  "operator",
  "hangup",
  "repeat",
  "play_message",
] as const;

export const ledgerEntryTypes = [
  "top_up",
  "call_charge",
  "sms_charge",
  "number_fee",
  "subscription_fee",
  "refund",
  "adjustment",
  /** A top-up refunded at Stripe (`charge.refunded`): taken back, even below zero. */
  "top_up_refund",
  /** A top-up's payment disputed (`charge.dispute.created`): the disputed amount is held. */
  "dispute_hold",
  /** Texting registration's one-time fees at the carrier (brand, campaign vetting). */
  "registration_fee",
  /** The dispute closed: the hold is given back (won, or lost: then a dispute_loss follows). */
  "dispute_release",
  /** The dispute was lost: the disputed amount is taken for good. */
  "dispute_loss",
] as const;
export const subscriptionStatuses = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "paused",
] as const;
/** Lines of a monthly invoice: the plan's fee, number fees and usage from the ledger. */
/** `proration`: Stripe's credit or charge for part of a period after a plan change (may be negative). */
export const invoiceLineKinds = ["subscription", "number_fee", "calls", "texts", "proration"] as const;
/** The trial-ending reminders: a week and a day before. */
export const trialReminderKinds = ["7_days", "1_day"] as const;
export const invoiceStatuses = ["draft", "open", "unpaid", "paid", "void", "uncollectible"] as const;
export const rateKinds = [
  "call_inbound",
  "call_outbound",
  "call_toll_free",
  "sms_segment",
  "mms_message",
] as const;

export const ticketPriorities = ["low", "medium", "high"] as const;
export const ticketStatuses = ["open", "pending_admin", "pending_user", "closed"] as const;

export const contentTypes = ["text", "textarea", "image_url", "json"] as const;
export const companySizes = ["1-10", "11-50", "51-200", "201-500", "501+"] as const;
export const submissionStatuses = ["new", "in_progress", "resolved", "spam"] as const;
export const requestStatuses = ["new", "reviewed", "planned", "done", "declined"] as const;

export const widgetTypes = ["call", "sms", "combined"] as const;
export const widgetPositions = ["bottom-right", "bottom-left", "inline"] as const;
/** What a visitor asked of a widget. */
export const widgetAttemptKinds = ["call", "sms"] as const;
/** How a widget attempt ended: accepted, or the check that refused it. */
export const widgetAttemptOutcomes = [
  "accepted",
  "origin_refused",
  "rate_limited",
  "daily_cap",
  "invalid_number",
  "challenge_failed",
  "failed",
] as const;
/** Attempts one widget accepts per UTC day (the daily cap; range ours). */
export const WIDGET_DAILY_CAP = { min: 1, max: 1000, default: 50 } as const;

export const emailStatuses = ["pending", "sent", "failed", "logged"] as const;

export { weekdays } from "@poundline/domain/business-hours";
export const territoryKinds = ["state", "province", "metro", "country"] as const;
export const rateUnits = ["minute", "segment", "message"] as const;

/** How the dial of an extension ended (the carrier's DialCallStatus), kept on its call log. */
export const extensionDialStatuses = [
  "completed",
  "answered",
  "busy",
  "no-answer",
  "failed",
  "canceled",
] as const;

/**
 * Where an account's texting registration (A2P 10DLC) stands: each part in the carrier's review
 * in turn, then approved (its local numbers text) or rejected (the reason kept).
 */
export const textingRegistrationStages = [
  "profile_review",
  "brand_review",
  "campaign_review",
  "approved",
  "rejected",
] as const;
