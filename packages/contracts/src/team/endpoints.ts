import { z } from "zod";
import { sessionResponseSchema } from "../auth/schemas";
import { endpoint, errors } from "../endpoint";
import {
  acceptedSchema,
  changeRoleBodySchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationRegisterBodySchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteBodySchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  myAccountListSchema,
  switchAccountBodySchema,
  transferOwnershipBodySchema,
} from "./schemas";

const noContent = z.null().describe("No content");

/** The account's team: its members, their roles, and the invitations waiting. */
export const teamEndpoints = {
  members: endpoint({
    method: "GET",
    path: "/api/team/members",
    summary: "The account's members, their roles, and the seats the plan includes",
    access: "account",
    responses: { 200: memberListSchema, ...errors(401, 403) },
  }),
  changeRole: endpoint({
    method: "PATCH",
    path: "/api/team/members/:id",
    summary: "Change a member's role (not the owner's: ownership is transferred)",
    access: "account",
    permission: "users.manage",
    params: memberParamsSchema,
    body: changeRoleBodySchema,
    responses: { 200: memberSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  removeMember: endpoint({
    method: "DELETE",
    path: "/api/team/members/:id",
    summary: "Remove a member: their sessions in this account end at once",
    description:
      "The person keeps their user and their other accounts. The numbers stay the account's; items assigned to them return to unassigned.",
    access: "account",
    permission: "users.manage",
    params: memberParamsSchema,
    responses: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
  }),
  transferOwnership: endpoint({
    method: "POST",
    path: "/api/team/ownership",
    summary: "Make another member the owner; the owner becomes an admin (owner only, with the password)",
    access: "account",
    permission: "account.transfer",
    body: transferOwnershipBodySchema,
    responses: { 204: noContent, ...errors(400, 401, 403, 404) },
  }),
  invitations: endpoint({
    method: "GET",
    path: "/api/team/invitations",
    summary: "Invitations sent and not yet accepted or withdrawn",
    access: "account",
    responses: { 200: invitationListSchema, ...errors(401, 403) },
  }),
  invite: endpoint({
    method: "POST",
    path: "/api/team/invitations",
    summary: "Invite someone by e-mail with a role: a single-use link valid 7 days",
    description: "Refused (403) when the plan has no seat left, with the plan's wording.",
    access: "account",
    permission: "users.manage",
    body: inviteBodySchema,
    responses: { 201: invitationSchema, ...errors(400, 401, 403, 409) },
  }),
  resendInvitation: endpoint({
    method: "POST",
    path: "/api/team/invitations/:id/resend",
    summary: "Send the invitation again: a new link, valid 7 days; the old one stops working",
    access: "account",
    permission: "users.manage",
    params: invitationParamsSchema,
    responses: { 200: invitationSchema, ...errors(400, 401, 403, 404) },
  }),
  revokeInvitation: endpoint({
    method: "DELETE",
    path: "/api/team/invitations/:id",
    summary: "Withdraw an invitation: its link stops working",
    access: "account",
    permission: "users.manage",
    params: invitationParamsSchema,
    responses: { 204: noContent, ...errors(400, 401, 403, 404) },
  }),
};

/** The invitation's link: what it offers, accepted by a signed-in user or by registering. */
export const invitationEndpoints = {
  preview: endpoint({
    method: "GET",
    path: "/api/invitations/:token",
    summary: "What an invitation link offers (the account, the role) and whether it still works",
    access: "public",
    params: invitationTokenParamsSchema,
    responses: { 200: invitationPreviewSchema, ...errors(400, 404) },
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/invitations/:token/accept",
    summary: "Accept an invitation as the signed-in user, who then works in that account",
    access: "signed-in",
    params: invitationTokenParamsSchema,
    responses: { 200: acceptedSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  register: endpoint({
    method: "POST",
    path: "/api/invitations/:token/register",
    summary: "Register on the invited address and accept, in one step; signs the new user in",
    access: "public",
    params: invitationTokenParamsSchema,
    body: invitationRegisterBodySchema,
    responses: { 201: sessionResponseSchema, ...errors(400, 403, 404, 409) },
  }),
};

/** The accounts a person belongs to, and the one their session works in. */
export const myAccountEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/accounts",
    summary: "The accounts the signed-in user belongs to, the current one marked",
    access: "signed-in",
    responses: { 200: myAccountListSchema, ...errors(401) },
  }),
  switch: endpoint({
    method: "PUT",
    path: "/api/accounts/current",
    summary: "Work in another of one's accounts: this session switches to it",
    access: "signed-in",
    body: switchAccountBodySchema,
    responses: { 200: myAccountListSchema, ...errors(400, 401, 404) },
  }),
};
