import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { companyBodySchema } from "@poundline/contracts/settings/schemas";
import { isRefusal } from "../../api/errors";
import type { CompanyResponse } from "../../api/settings";
import { type Country, countryChange, E911AddressFields } from "../../lib/e911-address-fields";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { settingsKeys, useSettingsApi, useSettingsMutation } from "./hooks";

type Company = NonNullable<CompanyResponse["company"]>;

/**
 * Seed 001's company information (the licensee's fields) and the E911 address emergency calls
 * are located by, checked as at registration. Owners and account admins edit; members read.
 */
export function CompanyTab({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const api = useSettingsApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: companyBodySchema,
    initialValues: {
      companyName: company.companyName,
      contactName: company.contactName ?? "",
      email: company.email ?? "",
      phone: company.phone ?? "",
      addressLine1: company.addressLine1 ?? "",
      addressLine2: company.addressLine2 ?? "",
      city: company.city ?? "",
      stateProvince: company.stateProvince ?? "",
      postalCode: company.postalCode ?? "",
      country: company.country as Country,
    },
  });
  const save = useSettingsMutation(api.saveCompany, [settingsKeys.company]);

  const submit = onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: () =>
          toast({ title: "Company Updated", description: "Company information has been updated." }),
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Company Update Failed", error);
        },
      }),
    (errors) => toastError("Company Update Failed", Object.values(errors)[0]),
  );

  const changeCountry = (value: string | null) => {
    const country = countryChange(value, form.values.country);
    // The chosen state belongs to the other country's list.
    if (country) form.setValues({ country, stateProvince: "" });
  };

  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={submit}>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              Company Information
            </Title>
            {!canEdit && (
              <Alert color="gray">
                Only the account's owner or an administrator can change the company information.
              </Alert>
            )}
            <TextInput
              label="Company Name"
              required
              autoComplete="organization"
              {...form.getInputProps("companyName")}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Contact Name" autoComplete="name" {...form.getInputProps("contactName")} />
              <TextInput
                label="Company Email"
                type="email"
                autoComplete="email"
                {...form.getInputProps("email")}
              />
              <TextInput
                label="Company Phone"
                type="tel"
                autoComplete="tel"
                {...form.getInputProps("phone")}
              />
            </SimpleGrid>
            <Title order={3} size="h5" mt="sm">
              E911 Address
            </Title>
            <E911AddressFields
              inputs={{
                line1: form.getInputProps("addressLine1"),
                line2: form.getInputProps("addressLine2"),
                city: form.getInputProps("city"),
                postalCode: form.getInputProps("postalCode"),
              }}
              country={form.values.country}
              region={form.values.stateProvince}
              regionError={form.errors.stateProvince}
              countryError={form.errors.country}
              onRegionChange={(region) => form.setFieldValue("stateProvince", region)}
              onCountryChange={changeCountry}
              disabled={!canEdit}
            />
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save Company Information
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
