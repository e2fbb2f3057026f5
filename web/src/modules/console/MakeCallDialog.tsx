import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue, useLocalStorage } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { consoleApi } from "../../api/console";
import { useApi } from "../../api/context";
import { ApiError } from "../../api/errors";
import { toast, toastError } from "../../ui/toast";
import { useProfile } from "../settings/hooks";
import { useAccountNumbers, useContactOfNumber } from "./queries";

/** Where the user's own phone is remembered, in this browser. */
export const MY_PHONE_STORAGE_KEY = "poundline.myPhone";

/**
 * Make a Call: the user's phone rings first, then the destination, with one of the account's
 * numbers as caller ID. The user's phone is the one used last in this browser, else their
 * profile's; a number that is a contact's is named.
 */
export function MakeCallDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const api = consoleApi(useApi());
  const queryClient = useQueryClient();
  const numbers = useAccountNumbers();
  const [remembered, setMyPhone] = useLocalStorage({ key: MY_PHONE_STORAGE_KEY, defaultValue: "" });
  const profile = useProfile();
  const myPhone = remembered || profile.data?.phone || "";
  const form = useForm({ initialValues: { myPhone: "", to: "", callerId: "" } });
  const [typedTo] = useDebouncedValue(form.values.to, 300);
  const contact = useContactOfNumber(typedTo).data ?? null;
  const options = (numbers.data?.numbers ?? []).map((n) => ({
    value: n.id,
    label: n.friendlyName ? `${n.friendlyName} (${n.e164})` : n.e164,
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({ myPhone, callerId: form.values.callerId || options[0]?.value || "" });
  }, [opened, myPhone, options[0]?.value]);

  const call = useMutation({
    mutationFn: api.clickToCall,
    onSuccess: (_answer, body) => {
      setMyPhone(body.myPhone);
      const callee = contact ? `${contact.name} (${body.to})` : body.to;
      toast({ title: "Calling your phone", description: `Answer it to be connected to ${callee}.` });
      void queryClient.invalidateQueries({ queryKey: ["calls"] });
      form.setFieldValue("to", "");
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        for (const [path, messages] of Object.entries(err.fields))
          form.setFieldError(path.replace(/^body\./, ""), messages[0]);
        return;
      }
      toastError("Call Failed", err instanceof ApiError ? err.message : "An unexpected error occurred.");
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Make a Call">
      <form
        onSubmit={form.onSubmit((values) =>
          call.mutate({ myPhone: values.myPhone, to: values.to, callerId: values.callerId || undefined }),
        )}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Your phone rings first; answer it and we connect you to the number you call.
          </Text>
          <TextInput label="Your phone" required {...form.getInputProps("myPhone")} />
          <TextInput
            label="Number to call"
            required
            description={contact ? `${contact.name}, from your contacts` : undefined}
            {...form.getInputProps("to")}
          />
          <Select
            label="Caller ID"
            data={options}
            allowDeselect={false}
            disabled={options.length === 0}
            placeholder={options.length === 0 ? "No phone numbers on this account" : undefined}
            {...form.getInputProps("callerId")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={call.isPending} disabled={options.length === 0}>
              Call
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
