import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import {
  isUnderReview,
  TOLL_FREE_STATUS,
  tollFreeStatusLabel,
} from "@poundline/domain/toll-free-verification";
import { useState } from "react";
import { Link } from "react-router";
import type { TollFreeVerificationState } from "../../api/toll-free-verification";
import { useCan } from "../../app/session";
import { formatPhone } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { useTollFreeVerification } from "./hooks";
import { ProfileForm } from "./ProfileForm";

type Verification = NonNullable<TollFreeVerificationState["verification"]>;

const STATUS_COLOR: Record<string, string> = {
  [TOLL_FREE_STATUS.pending]: "yellow",
  [TOLL_FREE_STATUS.inReview]: "blue",
  [TOLL_FREE_STATUS.approved]: "green",
  [TOLL_FREE_STATUS.rejected]: "red",
};

function StatusCard({ verification }: { verification: Verification }) {
  const format = useFormat();
  const { status } = verification;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group gap="sm">
          <Text fw={600}>Status</Text>
          <Badge
            color={STATUS_COLOR[status] ?? "gray"}
            c="dark.9"
            variant="light"
            data-testid="toll-free-status"
          >
            {tollFreeStatusLabel(status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Submitted {format.dateTime(verification.submittedAt)}
          {verification.decidedAt ? `, decided ${format.dateTime(verification.decidedAt)}` : ""}
        </Text>
        {isUnderReview(status) && (
          <Text size="sm">
            The carrier is reviewing your profile. Texts can be sent from this number once it is approved.
          </Text>
        )}
        {status === TOLL_FREE_STATUS.approved && <Text size="sm">Verified: this number can send texts.</Text>}
        {status === TOLL_FREE_STATUS.rejected && (
          <Alert color="red" title="Rejected by the carrier">
            <Text size="sm">{verification.rejectionReason || "The carrier gave no reason."}</Text>
            <Text size="sm" mt="xs">
              Correct the profile below and resubmit it.
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Body({ state }: { state: TollFreeVerificationState }) {
  const canEdit = useCan("numbers.edit");
  const [correcting, setCorrecting] = useState(false);
  const { verification, number, feeCents } = state;
  if (!verification)
    return canEdit ? (
      <ProfileForm numberId={number.id} feeCents={feeCents} />
    ) : (
      <Text>This number is not verified yet. An owner or admin can submit its verification.</Text>
    );
  const rejected = verification.status === TOLL_FREE_STATUS.rejected;
  return (
    <Stack>
      <StatusCard verification={verification} />
      {rejected && canEdit && !correcting && (
        <Group>
          <Button onClick={() => setCorrecting(true)}>Correct and Resubmit</Button>
        </Group>
      )}
      {rejected && correcting && (
        <ProfileForm
          key={verification.submittedAt.toString()}
          numberId={number.id}
          feeCents={feeCents}
          rejected={verification.profile}
          onDone={() => setCorrecting(false)}
        />
      )}
    </Stack>
  );
}

/** A toll-free number's texting verification: the guided form, then its status as the carrier moves it. */
export function TollFreeVerification({ numberId }: { numberId: string }) {
  const query = useTollFreeVerification(numberId);
  return (
    <Stack>
      <Anchor component={Link} to="/dashboard/numbers" size="sm">
        Back to Phone Numbers
      </Anchor>
      <Title order={1}>Toll-Free Verification</Title>
      {query.data && (
        <Text c="dimmed">
          {formatPhone(query.data.number.e164)}
          {query.data.number.friendlyName ? ` (${query.data.number.friendlyName})` : ""}: the carrier verifies
          the business behind a toll-free number before it may send texts.
        </Text>
      )}
      <QueryState
        query={query}
        loadingText="Loading verification…"
        errorTitle="Could Not Load the Verification"
      >
        {(state) => <Body state={state} />}
      </QueryState>
    </Stack>
  );
}
