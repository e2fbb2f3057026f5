import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { NUMBER_LIMITS, updateNumberBodySchema } from "@poundline/contracts/numbers/schemas";
import { isRefusal } from "../../api/errors";
import type { PhoneNumber } from "../../api/numbers";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useNumberMutation, useNumbersApi } from "./hooks";

/** Edits a number's friendly name (saved at the carrier too). */
export function RenameDialog({ number, onClose }: { number: PhoneNumber; onClose: () => void }) {
  useReturnFocus();
  const api = useNumbersApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: updateNumberBodySchema,
    initialValues: { friendlyName: number.friendlyName },
  });
  const save = useNumberMutation((friendlyName: string) => api.rename(number.id, { friendlyName }));

  const submit = onSubmit((body) => {
    save.mutate(body.friendlyName, {
      onSuccess: () => {
        toast({ title: "Number Updated", description: `${formatPhone(number.e164)} renamed.` });
        onClose();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Save Error", error);
      },
    });
  });

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={`Rename ${formatPhone(number.e164)}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Friendly Name"
            maxLength={NUMBER_LIMITS.friendlyName}
            data-autofocus
            {...form.getInputProps("friendlyName")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
