import { adminRoles, emailStatuses } from "@poundline/db/enums";
import { z } from "zod";
import { line, pageQuery, timestampSchema } from "../http/schemas";

export const ACCESS_DENIED_MESSAGE = "You do not have permission to access this page.";
export const CANNOT_REVOKE_SELF_MESSAGE = "You cannot revoke your own admin access.";

export const userIdParamsSchema = z.object({
  userId: z.string().regex(/^usr_[a-z0-9]{1,64}$/, "Invalid user id."),
});

export const listUsersQuerySchema = z.object(pageQuery(100, 500));

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
  /** The company of the user's (first) account; null for a user without one. */
  companyName: z.string().nullable(),
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
