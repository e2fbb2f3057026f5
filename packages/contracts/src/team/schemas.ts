import { invitableRoles, membershipRoles } from "@poundline/db/enums";
import { z } from "zod";
import { authMessages, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/messages";
import { timestampSchema } from "../common";
import { line, text } from "../input";

/** What the team's pages and answers say, in one place (the web shows the same words). */
export const teamMessages = {
  memberNotFound: "Member not found",
  invitationNotFound: "Invitation not found",
  linkInvalid: "This invitation link is not valid.",
  linkExpired: "This invitation has expired. Ask the account's owner or an administrator to send it again.",
  linkAccepted: "This invitation has been accepted already.",
  linkRevoked: "This invitation has been withdrawn.",
  invitationClosed: "This invitation has been accepted or withdrawn already.",
  email: "Enter a valid email address.",
  role: "Choose a role.",
  alreadyMember: "This person is a member of the account already.",
  alreadyInvited: "An invitation to this address is waiting already: resend it instead.",
  wrongUser: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  emailTaken: "An account with this email address exists already: sign in to accept the invitation.",
  ownerStays: "The owner's role cannot be changed or removed: transfer the ownership first.",
  notYourself: "You cannot change your own role or remove yourself.",
  transferTarget: "Choose a member of the account to transfer the ownership to.",
  passwordIncorrect: authMessages.currentPasswordIncorrect,
  password: "Enter your password.",
  noSuchAccount: "You are not a member of that account.",
  name: "Enter your first and last name.",
} as const;

export const memberRoleSchema = z.enum(membershipRoles);
export const invitableRoleSchema = z.enum(invitableRoles, { error: teamMessages.role });

const userIdSchema = z.string().regex(/^usr_[a-z0-9]{1,64}$/, teamMessages.memberNotFound);
const invitationIdSchema = z.string().regex(/^invt_[a-z0-9]{1,64}$/, teamMessages.invitationNotFound);
export const memberParamsSchema = z.object({ id: userIdSchema });
export const invitationParamsSchema = z.object({ id: invitationIdSchema });
/** The link's token: anything else is "not valid" (404), as an unknown token is. */
export const invitationTokenParamsSchema = z.object({ token: z.string().max(200) });

export const memberSchema = z.object({
  /** The member's user id. */
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: memberRoleSchema,
  joinedAt: timestampSchema,
  /** The signed-in person. */
  isYou: z.boolean(),
});
export type Member = z.output<typeof memberSchema>;

export const seatsSchema = z.object({
  plan: z.string(),
  /** Members of every role. */
  used: z.number().int(),
  /** null: no limit. */
  limit: z.number().int().nullable(),
});

export const memberListSchema = z.object({ items: z.array(memberSchema), seats: seatsSchema });
export type MemberList = z.output<typeof memberListSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  invitedBy: z.string().nullable(),
  sentAt: timestampSchema,
  expiresAt: timestampSchema,
  expired: z.boolean(),
});
export type Invitation = z.output<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

const emailField = line(teamMessages.email)
  .toLowerCase()
  .min(1, teamMessages.email)
  .max(254, teamMessages.email)
  .regex(EMAIL_PATTERN, teamMessages.email);

export const inviteBodySchema = z.object(
  { email: emailField, role: invitableRoleSchema },
  { error: teamMessages.email },
);
export type InviteBody = z.output<typeof inviteBodySchema>;

export const changeRoleBodySchema = z.object({ role: invitableRoleSchema }, { error: teamMessages.role });

export const transferOwnershipBodySchema = z.object(
  {
    userId: z
      .string({ error: teamMessages.transferTarget })
      .regex(/^usr_[a-z0-9]{1,64}$/, teamMessages.transferTarget),
    password: text({ error: teamMessages.password, trim: false })
      .min(1, teamMessages.password)
      .max(PASSWORD_MAX_LENGTH, teamMessages.passwordIncorrect),
  },
  { error: teamMessages.transferTarget },
);

/** GET /api/invitations/:token: what the link's page shows before it is accepted. */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  invitedBy: z.string().nullable(),
  status: z.enum(["open", "expired", "accepted", "revoked"]),
  /** The address has a Poundline user already: they sign in to accept, rather than register. */
  existingUser: z.boolean(),
});
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

const nameField = line(teamMessages.name).min(1, teamMessages.name).max(100, authMessages.fieldTooLong);

/** POST /api/invitations/:token/register: a new user, on the invited address, joins at once. */
export const invitationRegisterBodySchema = z
  .object(
    {
      firstName: nameField,
      lastName: nameField,
      password: text({ error: authMessages.passwordTooShort, trim: false }),
      confirmPassword: text({ error: authMessages.passwordsDontMatch, trim: false }),
    },
    { error: teamMessages.name },
  )
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (body.password.length < PASSWORD_MIN_LENGTH) issue("password", authMessages.passwordTooShort);
    else if (body.password.length > PASSWORD_MAX_LENGTH) issue("password", authMessages.passwordTooLong);
    if (body.confirmPassword !== body.password) issue("confirmPassword", authMessages.passwordsDontMatch);
  });
export type InvitationRegisterBody = z.output<typeof invitationRegisterBodySchema>;

export const acceptedSchema = z.object({ accountId: z.string(), companyName: z.string() });

/** The accounts the signed-in person belongs to, for the console's account switcher. */
export const myAccountSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  role: memberRoleSchema,
  current: z.boolean(),
});
export const myAccountListSchema = z.object({ items: z.array(myAccountSchema) });
export type MyAccount = z.output<typeof myAccountSchema>;

export const switchAccountBodySchema = z.object(
  { accountId: z.string({ error: teamMessages.noSuchAccount }).min(1, teamMessages.noSuchAccount).max(100) },
  { error: teamMessages.noSuchAccount },
);
