import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { confirmCodeBodySchema, VERIFICATION_CODE } from "@poundline/contracts/verified-numbers/schemas";
import { isRefusal } from "../../api/errors";
import type { VerifiedNumber } from "../../api/verified-numbers";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useVerifiedNumberMutation, useVerifiedNumbersApi } from "./hooks";

/** Asks for the code sent to a pending number; a new code may be sent from here. */
export function ConfirmCodeDialog({ number, onClose }: { number: VerifiedNumber; onClose: () => void }) {
  useReturnFocus();
  const api = useVerifiedNumbersApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: confirmCodeBodySchema,
    initialValues: { code: "" },
  });
  const confirm = useVerifiedNumberMutation((code: string) => api.confirm(number.id, { code }));
  const resend = useVerifiedNumberMutation(() =>
    api.sendCode(number.id, { channel: number.channel ?? "sms" }),
  );

  const submit = onSubmit((body) => {
    confirm.mutate(body.code, {
      onSuccess: () => {
        toast({ title: "Number Verified", description: `${formatPhone(number.e164)} is verified.` });
        onClose();
      },
      onError: (error) => {
        if (isRefusal(error) && Object.keys(error.fields).length > 0) showServerErrors(error);
        else toastError("Verification Error", error);
      },
    });
  });

  function sendNewCode() {
    resend.mutate(undefined, {
      onSuccess: () => {
        form.setFieldValue("code", "");
        toast({
          title: "Code Sent",
          description: `A new code is on its way to ${formatPhone(number.e164)}.`,
        });
      },
      onError: (error) => toastError("Code Not Sent", error),
    });
  }

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={`Enter the Code for ${formatPhone(number.e164)}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {number.channel === "call"
              ? "Answer the call to hear your code."
              : "Check the text message for your code."}{" "}
            It expires in {VERIFICATION_CODE.lifetimeMs / 60_000} minutes.
          </Text>
          <TextInput
            label="Verification Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE.digits}
            required
            data-autofocus
            {...form.getInputProps("code")}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={sendNewCode} loading={resend.isPending}>
              Send a New Code
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                Verify
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
