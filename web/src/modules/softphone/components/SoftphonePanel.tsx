import { Alert, Badge, Group, Stack, Switch, Text } from "@mantine/core";
import { formatPhone } from "../../../ui/format";
import { toastError } from "../../../ui/toast";
import { STATUS_LABELS } from "../format";
import { useSetRingBrowser, useSoftphoneSettings } from "../hooks";
import { useSoftphoneStore } from "../store";
import { Dialer } from "./Dialer";
import { InCallView } from "./InCallView";
import { IncomingCall } from "./IncomingCallPanel";

const STATUS_COLORS = { ready: "green", connecting: "yellow", offline: "gray" } as const;

/** Whether the member's calls ring this browser (their forwarding phone rings too, if they have one). */
function RingBrowserSwitch() {
  const settings = useSoftphoneSettings();
  const setRing = useSetRingBrowser();
  const ringing = setRing.isPending ? setRing.variables : settings.data?.ringBrowser;
  const forwarding = settings.data?.forwardingPhone;
  return (
    <Switch
      label="Ring calls in this browser"
      description={
        ringing && forwarding
          ? `Your phone ${formatPhone(forwarding)} rings too.`
          : "Ring groups, your number and extension."
      }
      checked={ringing ?? false}
      disabled={!settings.data || setRing.isPending}
      onChange={(event) =>
        setRing.mutate(event.currentTarget.checked, { onError: (error) => toastError("Save Error", error) })
      }
    />
  );
}

/** The softphone: its status, ringing in this browser, then the call on it or the dialer. */
export function SoftphonePanel() {
  const status = useSoftphoneStore((state) => state.status);
  const error = useSoftphoneStore((state) => state.error);
  const current = useSoftphoneStore((state) => state.current);
  const incoming = useSoftphoneStore((state) => state.incoming);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">Status</Text>
        <Badge
          color={STATUS_COLORS[status]}
          c="dark.9"
          variant="light"
          role="status"
          aria-label={`Phone status: ${STATUS_LABELS[status]}`}
        >
          {STATUS_LABELS[status]}
        </Badge>
      </Group>
      {incoming && <IncomingCall call={incoming} />}
      <RingBrowserSwitch />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {current ? <InCallView current={current} /> : <Dialer />}
    </Stack>
  );
}
