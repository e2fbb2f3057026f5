import {
  adminRoles,
  contentTypes,
  emailStatuses,
  requestStatuses,
  submissionStatuses,
} from "@poundline/db/enums";
import { z } from "zod";
import { authMessages, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/messages";
import { dateInput, INSTANT_YEARS, line, multilineText, pageQuery, text, timestampSchema } from "../common";
import { CONTENT_KEY_PATTERN } from "../site/schemas";

export const ACCESS_DENIED_MESSAGE = "You do not have permission to access this page.";
export const CANNOT_REVOKE_SELF_MESSAGE = "You cannot revoke your own admin access.";

export const userIdParamsSchema = z.object({
  userId: z.string().regex(/^usr_[a-z0-9]{1,64}$/, "Invalid user id."),
});

/** An optional filter of a list: an empty value is no filter. */
const optionalFilter = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const listUsersQuerySchema = z.object({
  /** Part of the e-mail, first or last name, or company, case-insensitive. */
  search: optionalFilter(line().max(254, "Must be at most 254 characters.")),
  ...pageQuery(100, 500),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: timestampSchema,
  lastSignInAt: timestampSchema.nullable(),
  emailConfirmed: z.boolean(),
  emailConfirmedAt: timestampSchema.nullable(),
  isAdmin: z.boolean(),
  /** The user's (first) account: its id, company and status; null for a user without one. */
  accountId: z.string().nullable(),
  companyName: z.string().nullable(),
  accountStatus: z.string().nullable(),
  /** When an admin disabled the user (no sign-in, no session); null when enabled. */
  disabledAt: timestampSchema.nullable(),
});

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** A row of admin_users: who is a platform administrator, and who made them one. */
export const adminGrantSchema = z.object({
  userId: z.string(),
  role: z.enum(adminRoles),
  grantedBy: z.string().nullable(),
  createdAt: timestampSchema,
});

export const emailIdParamsSchema = z.object({
  id: z.string().regex(/^eml_[a-z0-9]{1,64}$/, "Invalid e-mail id."),
});

export const listEmailsQuerySchema = z.object({
  /** Part of the recipient address, case-insensitive. */
  to: z.preprocess(
    (value) => (value === "" ? undefined : value),
    line().max(254, "Must be at most 254 characters.").optional(),
  ),
  ...pageQuery(50, 200),
});

export const outboxEmailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(emailStatuses),
  error: z.string().nullable(),
  sentAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});

export const outboxEmailSchema = outboxEmailSummarySchema.extend({
  textBody: z.string(),
  htmlBody: z.string().nullable(),
});

export const outboxEmailListSchema = z.object({
  emails: z.array(outboxEmailSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;
export type ListEmailsQuery = z.output<typeof listEmailsQuerySchema>;
export type AdminUser = z.output<typeof adminUserSchema>;
export type AdminUserJson = z.input<typeof adminUserSchema>;
export type AdminGrant = z.output<typeof adminGrantSchema>;
export type OutboxEmailSummary = z.output<typeof outboxEmailSummarySchema>;
export type OutboxEmail = z.output<typeof outboxEmailSchema>;
export type OutboxEmailJson = z.input<typeof outboxEmailSchema>;

/** One entry of the admin audit log, as listed. */
export const auditEntrySummarySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  createdAt: timestampSchema,
});

export const adminDashboardSchema = z.object({
  users: z.number().int(),
  accounts: z.number().int(),
  /** Accounts trialing whose trial has not ended. */
  activeTrials: z.number().int(),
  /** Calls started since midnight UTC, every account. */
  callsToday: z.number().int(),
  /** Texts sent or received since midnight UTC, every account. */
  textsToday: z.number().int(),
  /** From the ledger since the first of the month (UTC), in cents. */
  revenueThisMonth: z.object({
    netCents: z.number().int(),
    topUpsCents: z.number().int(),
    refundsCents: z.number().int(),
    subscriptionFeesCents: z.number().int(),
  }),
  /** Jobs failed for good and not retried. */
  failedJobs: z.number().int(),
  /** The carrier's webhooks over the window: failed = answered 500 or more, or refused signature. */
  webhooks: z.object({
    windowHours: z.number().int(),
    received: z.number().int(),
    failed: z.number().int(),
    /** failed / received, 0 when none were received. */
    errorRate: z.number(),
  }),
  /** The latest admin actions. */
  recentActions: z.array(auditEntrySummarySchema),
});

export type AdminDashboard = z.output<typeof adminDashboardSchema>;

export const CANNOT_DISABLE_SELF_MESSAGE = "You cannot disable your own account.";
export const CANNOT_DELETE_SELF_MESSAGE = "You cannot delete your own account.";
export const userMessages = {
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  emailRequired: "Email is required.",
  tooLong: "This field is too long.",
} as const;

const NAME_MAX_LENGTH = 100;
const userEmail = line(userMessages.emailRequired)
  .toLowerCase()
  .min(1, userMessages.emailRequired)
  .max(254, authMessages.invalidEmail)
  .regex(EMAIL_PATTERN, authMessages.invalidEmail);
const personName = (required: string) =>
  line(required).min(1, required).max(NAME_MAX_LENGTH, userMessages.tooLong);

/** PATCH /users/:userId: a user's name and e-mail (the e-mail counts as confirmed by the admin). */
export const updateUserBodySchema = z.object({
  email: userEmail,
  firstName: personName(userMessages.firstNameRequired),
  lastName: personName(userMessages.lastNameRequired),
});

/**
 * POST /users: a user made by an admin, with the first password (seed 000's rules) they pass on,
 * and optionally a company: a new account they own (trialing), as registration would make.
 */
export const createUserBodySchema = updateUserBodySchema.extend({
  // As typed: never trimmed, but no control character either.
  password: text({ error: authMessages.passwordTooShort, trim: false })
    .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
  companyName: optionalFilter(line().max(200, userMessages.tooLong)),
});

export type CreateUserBody = z.output<typeof createUserBodySchema>;
export type UpdateUserBody = z.output<typeof updateUserBodySchema>;

// ---- Editable content ----

export const contentMessages = {
  keyRequired: "Content key is required.",
  keyFormat: "Use lower-case letters, digits and '_' only.",
  keyTaken: "A content entry with this key already exists.",
  typeRequired: "Choose a content type: text, textarea, image_url or json.",
  invalidJson: "Value must be valid JSON.",
  invalidImageUrl: "Value must be an http(s) URL of an image, or a path starting with '/'.",
  tooLong: "This field is too long.",
} as const;

export const CONTENT_VALUE_MAX_LENGTH = 20_000;

export const contentIdParamsSchema = z.object({
  id: z.string().regex(/^cnt_[a-z0-9]{1,64}$/, "Invalid content id."),
});

/** A value fits its type: json parses; image_url is an http(s) URL or a site path. */
export function contentValueIssue(type: (typeof contentTypes)[number], value: string): string | null {
  if (type === "json") {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return contentMessages.invalidJson;
    }
  }
  if (type === "image_url" && value !== "") {
    if (value.startsWith("/") && !value.startsWith("//")) return null;
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:" ? null : contentMessages.invalidImageUrl;
    } catch {
      return contentMessages.invalidImageUrl;
    }
  }
  return null;
}

const contentFields = {
  contentType: z.enum(contentTypes, { error: contentMessages.typeRequired }),
  contentValue: multilineText().max(CONTENT_VALUE_MAX_LENGTH, contentMessages.tooLong),
  pageSlug: line()
    .max(100, contentMessages.tooLong)
    .nullish()
    .transform((value) => value || null),
  description: multilineText()
    .max(500, contentMessages.tooLong)
    .nullish()
    .transform((value) => value || null),
};

const checkValueType = (
  body: { contentType: (typeof contentTypes)[number]; contentValue: string },
  ctx: z.RefinementCtx,
) => {
  const issue = contentValueIssue(body.contentType, body.contentValue);
  if (issue) ctx.addIssue({ code: "custom", path: ["contentValue"], message: issue });
};

/** POST /content: the key is required and fixed from then on (pages look their texts up by it). */
export const createContentBodySchema = z
  .object({
    contentKey: line(contentMessages.keyRequired)
      .min(1, contentMessages.keyRequired)
      .max(100, contentMessages.tooLong)
      // The pages ask for their texts by these keys (GET /api/content?keys=...).
      .regex(CONTENT_KEY_PATTERN, contentMessages.keyFormat),
    ...contentFields,
  })
  .superRefine(checkValueType);

/** PUT /content/:id: everything but the key. */
export const updateContentBodySchema = z.object(contentFields).superRefine(checkValueType);

export const listContentQuerySchema = z.object({
  /** Part of the key, value or description, case-insensitive. */
  search: optionalFilter(line().max(100, contentMessages.tooLong)),
  ...pageQuery(25, 200),
});

export const contentEntrySchema = z.object({
  id: z.string(),
  contentKey: z.string(),
  contentType: z.enum(contentTypes),
  contentValue: z.string(),
  pageSlug: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const contentListSchema = z.object({
  entries: z.array(contentEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export type CreateContentBody = z.output<typeof createContentBodySchema>;
export type UpdateContentBody = z.output<typeof updateContentBodySchema>;
export type ListContentQuery = z.output<typeof listContentQuerySchema>;
export type ContentEntry = z.output<typeof contentEntrySchema>;

// ---- Queues of the public site's forms ----

export const requestQueues = ["contact", "features", "phone-numbers"] as const;
export type RequestQueue = (typeof requestQueues)[number];

export const requestQueueParamsSchema = z.object({
  queue: z.enum(requestQueues, { error: "Unknown queue." }),
});
export const requestItemParamsSchema = requestQueueParamsSchema.extend({
  id: z.string().regex(/^(frm|freq|nreq)_[a-z0-9]{1,64}$/, "Invalid request id."),
});

/** Every status a queue item may have; each queue accepts its own (checked per queue). */
const anyRequestStatus = z.enum([...new Set([...submissionStatuses, ...requestStatuses])], {
  error: "Unknown status.",
});

export const listRequestsQuerySchema = z.object({
  status: optionalFilter(anyRequestStatus),
  ...pageQuery(25, 200),
});

export const updateRequestStatusBodySchema = z.object({ status: anyRequestStatus });

/** The statuses of each queue: the contact form's (seed 000) and the requests'. */
export const requestQueueStatuses: Record<RequestQueue, readonly string[]> = {
  contact: submissionStatuses,
  features: requestStatuses,
  "phone-numbers": requestStatuses,
};

/** One item of a queue, whatever the queue: who, what, and the status. */
export const requestItemSchema = z.object({
  id: z.string(),
  status: z.string(),
  email: z.string().nullable(),
  /** The contact's name, the feature's name, or the number asked for ("local 415 × 2"). */
  title: z.string(),
  /** The message, the feature's description, or the purpose given. */
  details: z.string().nullable(),
  /** The company (contact form) or requesting account's company (phone numbers). */
  company: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: timestampSchema,
});

export const requestListSchema = z.object({
  items: z.array(requestItemSchema),
  statuses: z.array(z.string()),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export type ListRequestsQuery = z.output<typeof listRequestsQuerySchema>;
export type RequestItem = z.output<typeof requestItemSchema>;

// ---- Audit log ----

const AUDIT_DATE_MESSAGE = "Must be a date (YYYY-MM-DD) or a date-time.";
const auditDate = dateInput({ error: AUDIT_DATE_MESSAGE, dateOnly: true, years: INSTANT_YEARS });
/** The end of a range: a calendar date counts whole, up to the last millisecond of its day (UTC). */
const auditDateUntil = z.preprocess(
  (value) =>
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value,
  auditDate,
);

export const listAuditLogQuerySchema = z.object({
  /** Part of the actor's e-mail, or their user id. */
  actor: optionalFilter(line().max(254, "Must be at most 254 characters.")),
  action: optionalFilter(line().max(100, "Must be at most 100 characters.")),
  /** From this instant (a calendar date: its midnight UTC). */
  from: optionalFilter(auditDate),
  /** Up to this instant; a calendar date counts whole (up to its end, UTC). */
  to: optionalFilter(auditDateUntil),
  ...pageQuery(50, 200),
});

export const auditEntrySchema = auditEntrySummarySchema.extend({
  actorUserId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const auditActionsSchema = z.object({ actions: z.array(z.string()) });

export type ListAuditLogQuery = z.output<typeof listAuditLogQuerySchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;

// ---- Failed jobs (jobs.ts) ----

export const ALREADY_RETRIED_MESSAGE = "This job has already been retried.";

export const failedJobIdParamsSchema = z.object({
  id: z.string().regex(/^job_[a-z0-9]{1,64}$/, "Invalid job id."),
});

export const listFailedJobsQuerySchema = z.object({
  /** open: not retried yet (the default); retried; all. */
  status: z.enum(["open", "retried", "all"]).default("open"),
  queue: z.preprocess(
    (value) => (value === "" ? undefined : value),
    line().max(64, "Must be at most 64 characters.").optional(),
  ),
  ...pageQuery(50, 200),
});

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  jobId: z.string(),
  payload: z.unknown(),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: timestampSchema,
  retriedAt: timestampSchema.nullable(),
  retriedBy: z.string().nullable(),
});

export const failedJobListSchema = z.object({
  jobs: z.array(failedJobSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export type ListFailedJobsQuery = z.output<typeof listFailedJobsQuerySchema>;
export type FailedJob = z.output<typeof failedJobSchema>;
