import { Button, Card, Group, Select, Table, Text, Title } from "@mantine/core";
import { roleLabels } from "@poundline/contracts/auth/permissions";
import { invitableRoles } from "@poundline/db/enums";
import type { MemberPresence } from "../../api/people";
import type { InvitableRole, MemberList, TeamMember } from "../../api/team";
import { useCan } from "../../app/session";
import { formatDate } from "../../ui/format";
import { ScrollHint } from "../../ui/ScrollHint";
import { toast, toastError } from "../../ui/toast";
import { usePresenceByMember } from "../people/hooks";
import { PresenceBadge } from "../people/PresenceBadge";
import { useTeamApi, useTeamMutation } from "./hooks";
import { RoleBadge } from "./RoleBadge";

const roleOptions = invitableRoles.map((role) => ({ value: role, label: roleLabels[role] }));
const nameOf = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** The members, their roles and the seats used; who may manage users changes roles and removes. */
export function MembersCard({ team }: { team: MemberList }) {
  const canManage = useCan("users.manage");
  const { seats } = team;
  const presence = usePresenceByMember();
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Members
        </Title>
        <Text size="sm" c="gray.7">
          {seats.limit === null
            ? `${seats.used} users on the ${seats.plan} plan`
            : `${seats.used} of ${seats.limit} users on the ${seats.plan} plan`}
        </Text>
      </Group>
      <ScrollHint label="Team members">
        <Table.ScrollContainer minWidth={680}>
          <Table aria-label="Team members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Joined</Table.Th>
                {canManage && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.items.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  presence={presence.get(member.id)}
                  canManage={canManage}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ScrollHint>
    </Card>
  );
}

function MemberRow({
  member,
  presence,
  canManage,
}: {
  member: TeamMember;
  presence: MemberPresence | undefined;
  canManage: boolean;
}) {
  const api = useTeamApi();
  const changeRole = useTeamMutation((role: InvitableRole) => api.changeRole(member.id, role));
  const remove = useTeamMutation(() => api.remove(member.id));
  const name = nameOf(member);
  const fixed = member.role === "owner" || member.isYou;
  return (
    <Table.Tr>
      <Table.Td>{member.isYou ? `${name} (you)` : name}</Table.Td>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td>{presence ? <PresenceBadge state={presence.state} /> : null}</Table.Td>
      <Table.Td>
        {canManage && !fixed ? (
          <Select
            aria-label={`Role of ${name}`}
            data={roleOptions}
            value={member.role}
            allowDeselect={false}
            disabled={changeRole.isPending}
            onChange={(value) =>
              value &&
              changeRole.mutate(value as InvitableRole, {
                onSuccess: () =>
                  toast({
                    title: "Role Changed",
                    description: `${name} is now ${roleLabels[value as InvitableRole]}.`,
                  }),
                onError: (err) => toastError("Role Not Changed", err),
              })
            }
            w={200}
          />
        ) : (
          <RoleBadge role={member.role} />
        )}
      </Table.Td>
      <Table.Td>{formatDate(member.joinedAt)}</Table.Td>
      {canManage && (
        <Table.Td>
          {!fixed && (
            <Button
              variant="outline"
              color="red.9"
              size="xs"
              loading={remove.isPending}
              aria-label={`Remove ${name}`}
              onClick={() => {
                if (!window.confirm(`Remove ${name} from the account? They are signed out of it at once.`))
                  return;
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: "Member Removed", description: `${name} was removed.` }),
                  onError: (err) => toastError("Member Not Removed", err),
                });
              }}
            >
              Remove
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
