import type { SuccessOf } from "@poundline/contracts/endpoint";
import type {
  invitationEndpoints,
  myAccountEndpoints,
  teamEndpoints,
} from "@poundline/contracts/team/endpoints";
import type { ApiClient, CallInput } from "./client";
import { routes } from "./routes.generated";

type Team = typeof teamEndpoints;
type Invitations = typeof invitationEndpoints;

export type MemberList = SuccessOf<Team["members"]>;
export type TeamMember = MemberList["items"][number];
export type PendingInvitation = SuccessOf<Team["invitations"]>["items"][number];
export type InvitationPreview = SuccessOf<Invitations["preview"]>;
export type MyAccount = SuccessOf<(typeof myAccountEndpoints)["list"]>["items"][number];
export type InviteBody = CallInput<Team["invite"]>["body"];
export type InvitableRole = InviteBody["role"];
export type InvitationRegisterBody = CallInput<Invitations["register"]>["body"];

/** The team's endpoints (packages/contracts/src/team/endpoints.ts). */
export const teamApi = (api: ApiClient) => ({
  members: (signal?: AbortSignal) => api.call(routes.team.members, { signal }),
  invitations: (signal?: AbortSignal) => api.call(routes.team.invitations, { signal }),
  invite: (body: InviteBody) => api.call(routes.team.invite, { body }),
  resend: (id: string) => api.call(routes.team.resendInvitation, { params: { id } }),
  revoke: (id: string) => api.call(routes.team.revokeInvitation, { params: { id } }),
  changeRole: (id: string, role: InvitableRole) =>
    api.call(routes.team.changeRole, { params: { id }, body: { role } }),
  remove: (id: string) => api.call(routes.team.removeMember, { params: { id } }),
  transfer: (body: CallInput<Team["transferOwnership"]>["body"]) =>
    api.call(routes.team.transferOwnership, { body }),
  preview: (token: string, signal?: AbortSignal) =>
    api.call(routes.invitations.preview, { params: { token }, signal }),
  accept: (token: string) => api.call(routes.invitations.accept, { params: { token } }),
  register: (token: string, body: InvitationRegisterBody) =>
    api.call(routes.invitations.register, { params: { token }, body }),
  myAccounts: (signal?: AbortSignal) => api.call(routes.myAccounts.list, { signal }),
  switchAccount: (accountId: string) => api.call(routes.myAccounts.switch, { body: { accountId } }),
});
