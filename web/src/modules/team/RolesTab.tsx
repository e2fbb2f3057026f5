import { Card, Stack, Table, Text, Title } from "@mantine/core";
import {
  actions,
  actionWording,
  can,
  type MembershipRole,
  roleLabels,
  roleSummaries,
} from "@poundline/contracts/auth/permissions";
import { membershipRoles } from "@poundline/db/enums";
import { Check, Minus } from "lucide-react";
import { ScrollHint } from "../../ui/ScrollHint";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Settings, Roles: what each role may do, drawn from the permission table the API enforces
 * (packages/contracts/src/auth/permissions.ts), so what is read here is what is checked.
 */
export function RolesTab() {
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Roles
        </Title>
        <Stack gap={6}>
          {membershipRoles.map((role) => (
            <Text size="sm" key={role}>
              <strong>{roleLabels[role]}</strong>: {roleSummaries[role]}
            </Text>
          ))}
          <Text size="sm" c="gray.7">
            Every role can see the calls, the shared inbox, voicemails and contacts.
          </Text>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <ScrollHint label="What each role may do">
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="What each role may do" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Action</Table.Th>
                  {membershipRoles.map((role) => (
                    <Table.Th scope="col" key={role} ta="center">
                      {roleLabels[role]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {actions.map((action) => (
                  <Table.Tr key={action}>
                    <Table.Th scope="row" fw={400}>
                      {capitalised(actionWording[action])}
                    </Table.Th>
                    {membershipRoles.map((role) => (
                      <Table.Td key={role} ta="center">
                        <Allowed role={role} allowed={can(role, action)} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ScrollHint>
      </Card>
    </Stack>
  );
}

function Allowed({ role, allowed }: { role: MembershipRole; allowed: boolean }) {
  const label = `${roleLabels[role]}: ${allowed ? "allowed" : "not allowed"}`;
  return allowed ? (
    <Check size={18} color="var(--mantine-color-green-9)" role="img" aria-label={label} />
  ) : (
    <Minus size={18} color="var(--mantine-color-gray-7)" role="img" aria-label={label} />
  );
}
