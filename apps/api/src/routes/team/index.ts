import { endpointRoutes } from "../../http/contract-route";
import { acceptInvitation } from "./accept-invitation";
import { changeRole } from "./change-role";
import { invitations } from "./invitations";
import { invite } from "./invite";
import { listMyAccounts } from "./list-my-accounts";
import { members } from "./members";
import { previewInvitation } from "./preview-invitation";
import { registerFromInvitation } from "./register-from-invitation";
import { removeMember } from "./remove-member";
import { resendInvitation } from "./resend-invitation";
import { revokeInvitation } from "./revoke-invitation";
import { switchAccount } from "./switch-account";
import { transferOwnership } from "./transfer-ownership";

/**
 * The team, mounted under /api: members and roles, invitations (sent from the account, accepted
 * through their link), and the accounts a person switches between. One file per endpoint.
 */
export const teamRoutes = endpointRoutes(
  members,
  changeRole,
  removeMember,
  transferOwnership,
  invitations,
  invite,
  resendInvitation,
  revokeInvitation,
  previewInvitation,
  acceptInvitation,
  registerFromInvitation,
  listMyAccounts,
  switchAccount,
);
