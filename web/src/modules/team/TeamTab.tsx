import { Stack } from "@mantine/core";
import { useCan } from "../../app/session";
import { QueryState } from "../../ui/QueryState";
import { DirectLinesCard } from "../people/DirectLinesCard";
import { useInvitations, useMembers } from "./hooks";
import { InvitationsCard } from "./InvitationsCard";
import { InviteForm } from "./InviteForm";
import { MembersCard } from "./MembersCard";
import { TransferOwnershipCard } from "./TransferOwnershipCard";

/** Settings, Team: the members and their roles, invitations, and the owner's transfer. */
export function TeamTab() {
  const members = useMembers();
  const invitations = useInvitations();
  const canManage = useCan("users.manage");
  const canTransfer = useCan("account.transfer");
  return (
    <QueryState query={members} loadingText="Loading team..." errorTitle="Error loading team">
      {(team) => (
        <Stack gap="lg">
          {canManage && <InviteForm />}
          <MembersCard team={team} />
          {invitations.data && <InvitationsCard invitations={invitations.data.items} />}
          {canManage && <DirectLinesCard />}
          {canTransfer && <TransferOwnershipCard members={team.items} />}
        </Stack>
      )}
    </QueryState>
  );
}
