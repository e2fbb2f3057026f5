import { Affix, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Phone, PhoneOff } from "lucide-react";
import { formatPhone } from "../../../ui/format";
import type { SoftphoneCall } from "../device";
import { useCallCard } from "../hooks";
import { answer, decline, useSoftphoneStore } from "../store";

/** Who calls (their contact name, once the card has it), with Answer and Decline. */
export function IncomingCall({ call }: { call: SoftphoneCall }) {
  const card = useCallCard(call);
  const number = formatPhone(call.parameters.From);
  const name = card.data?.contact?.name;
  return (
    <Paper role="region" aria-label="Incoming call" withBorder shadow="lg" p="md">
      <Stack gap="sm">
        <div aria-live="assertive">
          <Text size="sm" c="dimmed">
            Incoming call
          </Text>
          <Text fw={700} size="lg">
            {name ?? number}
          </Text>
          {name && <Text size="sm">{number}</Text>}
        </div>
        <Group grow>
          {/* The theme's AA green (white text 5.3:1): Mantine's greens stop at 4.4:1. */}
          <Button color="nonprofitGreen.8" leftSection={<Phone size={16} aria-hidden />} onClick={answer}>
            Answer
          </Button>
          <Button color="red.8" leftSection={<PhoneOff size={16} aria-hidden />} onClick={decline}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A call ringing this browser, on whatever page the member is. Bottom left: the live toasts
 * (bottom right) do not cover it. With the Phone panel open, the panel shows it instead (its focus
 * trap would keep the keyboard from reaching this one).
 */
export function IncomingCallPanel() {
  const incoming = useSoftphoneStore((state) => state.incoming);
  const panelOpen = useSoftphoneStore((state) => state.panelOpen);
  if (!incoming || panelOpen) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300} w="min(360px, calc(100vw - 32px))">
      <IncomingCall call={incoming} />
    </Affix>
  );
}
