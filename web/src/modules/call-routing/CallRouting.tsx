import { Alert, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { NumberGreetings } from "../greetings/OwnedGreeting";
import { useCallRouting } from "./hooks";
import { RoutingForm } from "./RoutingForm";

/** Seed 001 "Call Routing": the account's numbers, each with its own routing. */
export function CallRouting() {
  const routing = useCallRouting();
  const [selected, setSelected] = useState<string | null>(null);

  if (routing.isPending) return <Loader role="status" aria-label="Loading call routing" />;
  if (routing.isError)
    return (
      <Alert color="red" title="Error loading call routing">
        {routing.error.message}
      </Alert>
    );
  const { numbers, issues } = routing.data;
  const current = numbers.find((n) => n.numberId === selected) ?? numbers[0];
  const warnings = issues.filter((i) => i.severity === "warning");

  return (
    <Stack>
      <Title order={1}>Call Routing</Title>
      <Text c="dimmed">How calls to each of your phone numbers ring, when, and where they go.</Text>
      {warnings.length > 0 && (
        <Alert color="yellow" title="Routing notes">
          {warnings.map((w) => (
            <Text key={w.subject + w.message} size="sm">
              {w.message}
            </Text>
          ))}
        </Alert>
      )}
      {current ? (
        <>
          <Select
            label="Phone Number"
            data={numbers.map((n) => ({
              value: n.numberId,
              label: n.friendlyName ? `${n.e164} (${n.friendlyName})` : n.e164,
            }))}
            value={current.numberId}
            onChange={setSelected}
            allowDeselect={false}
          />
          {/* Keyed by number: switching numbers starts its form afresh. */}
          <RoutingForm key={current.numberId} routing={current} choices={routing.data} />
          {/* Greetings save on their own (a recording, a phone call), apart from the form. */}
          <Title order={2} size="h4">
            Greetings
          </Title>
          <NumberGreetings key={`greetings-${current.numberId}`} numberId={current.numberId} />
        </>
      ) : (
        <Text>No phone numbers yet.</Text>
      )}
    </Stack>
  );
}
