import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { TextingRegistrationResponse } from "../../api/texting-registration";
import { formatDateTime, formatMoney } from "../../ui/format";

type Registration = NonNullable<TextingRegistrationResponse["registration"]>;

const stageWords: Record<Registration["stage"], { label: string; color: string }> = {
  profile_review: { label: "Business profile under review", color: "yellow" },
  brand_review: { label: "Brand under review", color: "yellow" },
  campaign_review: { label: "Campaign under review", color: "yellow" },
  approved: { label: "Approved", color: "green" },
  rejected: { label: "Rejected", color: "red" },
};

/** The carrier's word for one part, or "Waiting" until that part is submitted. */
function Part({ name, status }: { name: string; status: string | null }) {
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={status ? "blue" : "gray"}>
          {status ?? "Waiting"}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

/** Where the registration stands: its stage, each part's status at the carrier, and what it cost. */
export function RegistrationStatus({ registration }: { registration: Registration }) {
  const stage = stageWords[registration.stage];
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {registration.legalName}
          </Title>
          <Badge color={stage.color} c="dark.9" variant="light" size="lg">
            {stage.label}
          </Badge>
        </Group>
        {registration.stage === "approved" && (
          <Alert color="green">
            Your local numbers can text. New local numbers text under this campaign too.
          </Alert>
        )}
        {registration.stage === "rejected" && (
          <Alert color="red" title="The carrier rejected the registration">
            {registration.failureReason} Correct the details below and submit again.
          </Alert>
        )}
        {registration.stage.endsWith("_review") && (
          <Text size="sm">
            The carrier reviews the business profile, then the brand, then the campaign. This usually takes a
            few days; this page follows it.
          </Text>
        )}
        <Table aria-label="Registration status at the carrier">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Part</Table.Th>
              <Table.Th>Carrier status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Part name="Business profile" status={registration.profileStatus} />
            <Part name="A2P messaging profile" status={registration.trustProductStatus} />
            <Part name="Brand" status={registration.brandStatus} />
            <Part name={`Campaign (${registration.useCase})`} status={registration.campaignStatus} />
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          Submitted {formatDateTime(registration.createdAt)} · fees charged{" "}
          {formatMoney(registration.feeCents)}
          {registration.joinedNumbers.length > 0 && ` · numbers: ${registration.joinedNumbers.join(", ")}`}
        </Text>
      </Stack>
    </Card>
  );
}
