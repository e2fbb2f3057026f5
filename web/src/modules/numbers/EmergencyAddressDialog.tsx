import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { emergencyAddressBodySchema } from "@poundline/contracts/numbers/schemas";
import { canadianProvinces, usStates } from "@poundline/db/enums";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { EmergencyAddressInput, NumberList, PhoneNumber } from "../../api/numbers";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatPhone } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useNumberMutation, useNumbersApi } from "./hooks";

const countryOptions = [
  { value: "US", label: "United States" },
  { value: "CA", label: "Canada" },
];

type RegisteredAddress = NumberList["registeredAddress"];

interface AddressValues extends Record<string, unknown> {
  customerName: string;
  street: string;
  streetSecondary: string;
  city: string;
  region: string;
  postalCode: string;
  isoCountry: "US" | "CA";
}

/** The number's own address, else the one given at registration (the company's), else blank. */
function valuesOf(number: PhoneNumber, registered: RegisteredAddress): AddressValues {
  const e911 = number.e911 ?? registered;
  return {
    customerName: e911?.customerName ?? "",
    street: e911?.street ?? "",
    streetSecondary: e911?.streetSecondary ?? "",
    city: e911?.city ?? "",
    region: e911?.region ?? "",
    postalCode: e911?.postalCode ?? "",
    isoCountry: e911?.isoCountry === "CA" ? "CA" : "US",
  };
}

/** The number's E911 address, registered with the carrier, which validates it. */
export function EmergencyAddressDialog({
  number,
  registeredAddress = null,
  onClose,
}: {
  number: PhoneNumber;
  /** The address given at registration: a number without an address starts from it. */
  registeredAddress?: RegisteredAddress;
  onClose: () => void;
}) {
  useReturnFocus();
  const api = useNumbersApi();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: emergencyAddressBodySchema,
    initialValues: valuesOf(number, registeredAddress),
  });
  const prefilled = number.e911 === null && registeredAddress !== null;
  const save = useNumberMutation((body: EmergencyAddressInput) => api.setEmergencyAddress(number.id, body));
  const country = form.getValues().isoCountry;
  const regionOptions = (country === "CA" ? canadianProvinces : usStates).map((code) => ({
    value: code,
    label: code,
  }));

  const submit = onSubmit((body) => {
    setRefusal(null);
    save.mutate(body, {
      onSuccess: () => {
        toast({
          title: "E911 Address Saved",
          description: `${formatPhone(number.e164)} may now place calls.`,
        });
        onClose();
      },
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        setRefusal(error.message);
        toastError("Save Error", error);
      },
    });
  });

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={`E911 Address for ${formatPhone(number.e164)}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Emergency services are sent to this address when someone dials 911 from this number. It must be a
            valid physical address; a number without one may not place outbound calls.
          </Text>
          {prefilled ? (
            <Text size="sm" c="dimmed">
              Filled in from the address given at registration: check it and confirm.
            </Text>
          ) : null}
          {refusal ? (
            <Alert color="red" title="Address not saved" role="alert">
              {refusal}
            </Alert>
          ) : null}
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps("customerName")} />
          <TextInput label="Street Address" withAsterisk {...form.getInputProps("street")} />
          <TextInput label="Apartment, suite, etc." {...form.getInputProps("streetSecondary")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="City" withAsterisk {...form.getInputProps("city")} />
            <Select
              label="State / Province"
              withAsterisk
              data={regionOptions}
              searchable
              {...form.getInputProps("region")}
            />
            <TextInput label="ZIP / Postal Code" withAsterisk {...form.getInputProps("postalCode")} />
            <Select
              label="Country"
              data={countryOptions}
              allowDeselect={false}
              {...form.getInputProps("isoCountry")}
              onChange={(value) => {
                form.setFieldValue("isoCountry", value === "CA" ? "CA" : "US");
                form.setFieldValue("region", "");
              }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Address
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
