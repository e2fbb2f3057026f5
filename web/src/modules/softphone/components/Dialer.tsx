import { Button, Select, Stack, TextInput } from "@mantine/core";
import { outgoingCallParamsSchema } from "@poundline/contracts/softphone/schemas";
import { Phone } from "lucide-react";
import { useEffect } from "react";
import type { CallerId } from "../../../api/softphone";
import { useSchemaForm } from "../../../lib/schema-form";
import { formatPhone } from "../../../ui/format";
import { useSoftphoneSettings } from "../hooks";
import { placeCall, useSoftphoneStore } from "../store";
import { Keypad } from "./Keypad";

const callerIdLabel = (n: CallerId) =>
  n.friendlyName ? `${n.friendlyName} (${formatPhone(n.e164)})` : formatPhone(n.e164);

/** The number to call (typed or keyed in), the caller ID to show, and Call. */
export function Dialer() {
  const settings = useSoftphoneSettings().data;
  const ready = useSoftphoneStore((state) => state.status === "ready");
  const { form, onSubmit } = useSchemaForm({
    schema: outgoingCallParamsSchema,
    initialValues: { To: "", CallerId: "" },
    toBody: (values) => ({ To: values.To.trim(), ...(values.CallerId ? { CallerId: values.CallerId } : {}) }),
  });
  const defaultCallerId = settings?.defaultCallerId ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default fills the field once known
  useEffect(() => {
    if (!form.getValues().CallerId && defaultCallerId) form.setFieldValue("CallerId", defaultCallerId);
  }, [defaultCallerId]);

  const submit = onSubmit(async (params) => {
    if (await placeCall(params)) form.setFieldValue("To", "");
  });

  return (
    <form onSubmit={submit} aria-label="Dialer">
      <Stack gap="sm">
        <TextInput
          label="Number to call"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...form.getInputProps("To")}
        />
        <Keypad
          label="Dial pad"
          onPress={(key) => form.setFieldValue("To", `${form.getValues().To}${key}`)}
        />
        <Select
          label="Caller ID"
          data={(settings?.callerIds ?? []).map((n) => ({ value: n.id, label: callerIdLabel(n) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps("CallerId")}
        />
        <Button
          type="submit"
          color="green.8"
          leftSection={<Phone size={16} aria-hidden />}
          disabled={!ready || !form.values.To.trim()}
        >
          Call
        </Button>
      </Stack>
    </form>
  );
}
