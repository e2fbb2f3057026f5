import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { toast, toastError } from "../../ui/toast";
import type { DevicePushState } from "./device-push";
import { useDevicePush } from "./use-device-push";

const stateText: Record<DevicePushState, { badge: string; color: string; text: string }> = {
  on: {
    badge: "On",
    color: "green",
    text: "This device shows your notifications, even with the console closed.",
  },
  off: { badge: "Off", color: "gray", text: "Get calls, voicemails, texts and mentions on this device." },
  denied: {
    badge: "Blocked",
    color: "red",
    text: "This browser blocks notifications from Poundline: allow them in its site settings, then reload.",
  },
  "no-worker": {
    badge: "Unavailable",
    color: "gray",
    text: "Reload the page to turn on notifications on this device.",
  },
  unsupported: {
    badge: "Unavailable",
    color: "gray",
    text: "This browser cannot receive push notifications. On an iPhone, add Poundline to the Home Screen first.",
  },
};

/** "Enable on this device": Web Push for this browser, its state, and turning it off. */
export function DevicePushCard() {
  const { state, enable, disable } = useDevicePush();
  const current = state.data;
  const shown = current ? stateText[current] : null;
  return (
    <Stack gap="xs" aria-labelledby="device-push-title" component="section">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text fw={600} id="device-push-title">
          Notifications on this device
        </Text>
        {shown && (
          <Badge color={shown.color} variant="light">
            {shown.badge}
          </Badge>
        )}
      </Group>
      {shown && (
        <Text size="sm" c="dimmed">
          {shown.text}
        </Text>
      )}
      {current === "off" && (
        <Group>
          <Button
            variant="light"
            loading={enable.isPending}
            onClick={() =>
              enable.mutate(undefined, {
                onSuccess: (result) =>
                  result === "on"
                    ? toast({
                        title: "Notifications On",
                        description: "This device will show your notifications.",
                      })
                    : undefined,
                onError: (error) => toastError("Notifications Not Enabled", error),
              })
            }
          >
            Enable on this device
          </Button>
        </Group>
      )}
      {current === "on" && (
        <Group>
          <Button
            variant="default"
            loading={disable.isPending}
            onClick={() =>
              disable.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: "Notifications Off",
                    description: "This device no longer shows your notifications.",
                  }),
                onError: (error) => toastError("Notifications Not Disabled", error),
              })
            }
          >
            Disable on this device
          </Button>
        </Group>
      )}
      {state.isError && (
        <Alert color="red">The state of this device's notifications could not be read.</Alert>
      )}
    </Stack>
  );
}
