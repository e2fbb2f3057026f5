import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isRefusal } from "../../api/errors";
import type { GreetingCall, GreetingTarget } from "../../api/greetings";
import { toastError } from "../../ui/toast";
import { useSoftphoneSettings } from "../softphone/hooks";
import { greetingKeys, useGreetingCall, useGreetingMutation, useGreetingsApi } from "./hooks";

const STATUS_WORDS: Record<GreetingCall["status"], string> = {
  calling: "Calling your phone…",
  recording: "Answered: record after the tone, then press #.",
  recorded: "Recorded: press 1 to save it, or 2 to record again.",
  saving: "Saving the recording…",
  saved: "Saved: callers now hear it.",
  cancelled: "Hung up: nothing was saved.",
  failed: "The call did not go through: nothing was saved.",
};

/**
 * Record by phone: the carrier calls the member's phone ("Call me"); the console follows the
 * call (waiting, recorded, saved) until it ends.
 */
export function PhoneRecorder({
  label,
  target,
  disabled,
}: {
  label: string;
  target: GreetingTarget | null;
  disabled?: string;
}) {
  const api = useGreetingsApi();
  const client = useQueryClient();
  // The member's own phone (their forwarding phone) until they type another.
  const settings = useSoftphoneSettings();
  const [typed, setPhone] = useState<string | null>(null);
  const phone = typed ?? settings.data?.forwardingPhone ?? "";
  const [callId, setCallId] = useState<string | null>(null);
  const call = useGreetingCall(callId);
  const start = useGreetingMutation((input: { target: GreetingTarget; phone: string }) =>
    api.callMe(input.target, input.phone),
  );
  const status = call.data?.status;

  // Saved: the greeting (or the menu) it set is read again.
  useEffect(() => {
    if (status === "saved") {
      void client.invalidateQueries({ queryKey: greetingKeys.all });
      void client.invalidateQueries({ queryKey: ["ivr-menus"] });
    }
  }, [status, client]);

  const live = status !== undefined && !["saved", "cancelled", "failed"].includes(status);
  const fieldError =
    start.isError && isRefusal(start.error)
      ? (start.error.fields?.["body.phone"]?.[0] ?? undefined)
      : undefined;

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        We call your phone: listen to the instructions, record after the tone, press # when you are done, then
        press 1 to save or 2 to record again. Hang up to cancel.
      </Text>
      {disabled && <Text size="sm">{disabled}</Text>}
      <Group align="flex-end">
        <TextInput
          label="Your phone"
          aria-label={`${label}: your phone`}
          placeholder="+15551234567"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={fieldError}
          disabled={Boolean(disabled) || live}
        />
        <Button
          type="button"
          loading={start.isPending}
          disabled={!target || Boolean(disabled) || live || phone.trim() === ""}
          onClick={() =>
            target &&
            start.mutate(
              { target, phone },
              {
                onSuccess: (started) => setCallId(started.id),
                onError: (error) => toastError("Call Error", error),
              },
            )
          }
        >
          Call me
        </Button>
      </Group>
      {status && (
        <Alert
          color={
            status === "saved" ? "green" : status === "failed" || status === "cancelled" ? "gray" : "blue"
          }
        >
          <Text role="status" size="sm">
            {STATUS_WORDS[status]}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
