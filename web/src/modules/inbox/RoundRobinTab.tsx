import { Alert, Card, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { refusalMessage } from "@poundline/contracts/auth/permissions";
import { useCan } from "../../app/session";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useRoundRobin, useSetRoundRobin } from "./hooks";

/**
 * The shared inbox's settings: per number, whether new conversations and voicemails go to each
 * member in turn (round robin on arrival). Everyone reads them; owners and admins change them
 * (routing.edit in the permission table).
 */
export function RoundRobinTab() {
  const rules = useRoundRobin();
  const save = useSetRoundRobin();
  const canEdit = useCan("routing.edit");
  const numbers = rules.data?.numbers ?? [];

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Shared Inbox
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A number with round robin on gives each new conversation and voicemail to the next member in turn;
        they find it under "Assigned to me" and in their bell.
      </Text>
      {!canEdit && (
        <Alert color="gray" mb="md">
          {refusalMessage("routing.edit")}
        </Alert>
      )}
      {rules.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading numbers" />
      ) : rules.error ? (
        <Alert color="red" title="Error">
          {rules.error.message}
        </Alert>
      ) : numbers.length === 0 ? (
        <Text size="sm">Your account has no phone numbers yet.</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {numbers.map((number) => {
            const name = number.friendlyName || formatPhone(number.e164);
            return (
              <li key={number.phoneNumberId}>
                <Switch
                  label={`Assign new conversations and voicemails on ${name} round robin`}
                  description={number.friendlyName ? formatPhone(number.e164) : undefined}
                  checked={number.enabled}
                  disabled={!canEdit || (save.isPending && save.variables?.id === number.phoneNumberId)}
                  onChange={(event) => {
                    const enabled = event.currentTarget.checked;
                    save.mutate(
                      { id: number.phoneNumberId, enabled },
                      {
                        onSuccess: () =>
                          toast({
                            title: "Round Robin Saved",
                            description: `${name}: ${enabled ? "round robin on" : "round robin off"}.`,
                          }),
                        onError: (error) => toastError("Save Failed", error),
                      },
                    );
                  }}
                />
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
