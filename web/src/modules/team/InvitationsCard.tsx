import { Badge, Button, Card, Group, Table, Text, Title } from "@mantine/core";
import type { PendingInvitation } from "../../api/team";
import { useCan } from "../../app/session";
import { formatDate } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useTeamApi, useTeamMutation } from "./hooks";
import { RoleBadge } from "./RoleBadge";

/** The invitations waiting: when each expires; resend or withdraw for who may manage users. */
export function InvitationsCard({ invitations }: { invitations: PendingInvitation[] }) {
  const canManage = useCan("users.manage");
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Pending Invitations
      </Title>
      {invitations.length === 0 ? (
        <Text size="sm" c="gray.7">
          No invitations are waiting.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Pending invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Expires</Table.Th>
                {canManage && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function InvitationRow({ invitation, canManage }: { invitation: PendingInvitation; canManage: boolean }) {
  const api = useTeamApi();
  const resend = useTeamMutation(() => api.resend(invitation.id));
  const revoke = useTeamMutation(() => api.revoke(invitation.id));
  return (
    <Table.Tr>
      <Table.Td>{invitation.email}</Table.Td>
      <Table.Td>
        <RoleBadge role={invitation.role} />
      </Table.Td>
      <Table.Td>
        {invitation.expired ? <Badge color="red.9">Expired</Badge> : formatDate(invitation.expiresAt)}
      </Table.Td>
      {canManage && (
        <Table.Td>
          <Group gap="xs">
            <Button
              size="xs"
              variant="outline"
              loading={resend.isPending}
              aria-label={`Resend the invitation to ${invitation.email}`}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () =>
                    toast({
                      title: "Invitation Sent",
                      description: `A new link was sent to ${invitation.email}.`,
                    }),
                  onError: (err) => toastError("Invitation Not Sent", err),
                })
              }
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              loading={revoke.isPending}
              aria-label={`Revoke the invitation to ${invitation.email}`}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () =>
                    toast({
                      title: "Invitation Revoked",
                      description: `The link sent to ${invitation.email} no longer works.`,
                    }),
                  onError: (err) => toastError("Invitation Not Revoked", err),
                })
              }
            >
              Revoke
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
