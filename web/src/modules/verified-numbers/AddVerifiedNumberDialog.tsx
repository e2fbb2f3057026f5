import { Button, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import {
  addVerifiedNumberBodySchema,
  VERIFIED_NUMBER_LIMITS,
} from "@poundline/contracts/verified-numbers/schemas";
import { isRefusal } from "../../api/errors";
import type { AddVerifiedNumberInput, VerifiedNumber } from "../../api/verified-numbers";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast, toastError } from "../../ui/toast";
import { useVerifiedNumberMutation, useVerifiedNumbersApi } from "./hooks";

interface AddValues extends Record<string, unknown> {
  e164: string;
  channel: "sms" | "call";
}

/** Names a number and sends it a code by text or voice call; `onSent` then asks for the code. */
export function AddVerifiedNumberDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (number: VerifiedNumber) => void;
}) {
  useReturnFocus();
  const api = useVerifiedNumbersApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: addVerifiedNumberBodySchema,
    initialValues: { e164: "", channel: "sms" } as AddValues,
  });
  const add = useVerifiedNumberMutation((body: AddVerifiedNumberInput) => api.add(body));

  const submit = onSubmit((body) => {
    add.mutate(body, {
      onSuccess: (number) => {
        toast({
          title: "Code Sent",
          description:
            body.channel === "sms"
              ? `We texted a code to ${number.e164}.`
              : `We are calling ${number.e164} to say the code.`,
        });
        onSent(number);
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Code Not Sent", error);
      },
    });
  });

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Verify a Number"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            We send a 6-digit code to the number. Type it back here to prove you answer it.
          </Text>
          <TextInput
            label="Phone Number"
            placeholder="+1 404 555 0123"
            required
            maxLength={VERIFIED_NUMBER_LIMITS.phone}
            data-autofocus
            {...form.getInputProps("e164")}
          />
          <Radio.Group label="Send the code by" {...form.getInputProps("channel")}>
            <Group mt="xs">
              <Radio value="sms" label="Text message" />
              <Radio value="call" label="Voice call" />
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Send Code
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
