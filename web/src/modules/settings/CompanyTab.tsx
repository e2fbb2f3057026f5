import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { regionsOf } from "@poundline/api/auth/schemas";
import { companyBodySchema } from "@poundline/api/settings/schemas";
import { countries } from "@poundline/db/enums";
import { isRefusal } from "../../api/errors";
import type { CompanyResponse } from "../../api/settings";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../lib/toast";
import { settingsKeys, useSettingsApi, useSettingsMutation } from "./hooks";

type Country = (typeof countries)[number];
const countryNames: Record<Country, string> = { US: "United States", CA: "Canada" };
const countryOptions = countries.map((code) => ({ value: code, label: countryNames[code] }));

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
  const regionLabel = form.values.country === "CA" ? "Province" : "State";

  const submit = onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: () =>
          toast({ title: "Company Updated", description: "Company information has been updated." }),
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toast({ title: "Company Update Failed", description: error.message, variant: "destructive" });
        },
      }),
    (errors) =>
      toast({
        title: "Company Update Failed",
        description: Object.values(errors)[0],
        variant: "destructive",
      }),
  );

  const changeCountry = (value: string | null) => {
    const country = countries.find((code) => code === value);
    if (!country || country === form.values.country) return;
    // The chosen state belongs to the other country's list.
    form.setValues({ country, stateProvince: "" });
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
            <TextInput
              label="Address Line 1"
              required
              autoComplete="address-line1"
              {...form.getInputProps("addressLine1")}
            />
            <TextInput
              label="Address Line 2 (optional)"
              autoComplete="address-line2"
              {...form.getInputProps("addressLine2")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="City"
                required
                autoComplete="address-level2"
                {...form.getInputProps("city")}
              />
              <Select
                label={regionLabel}
                required
                searchable
                data={[...regionsOf(form.values.country)]}
                value={form.values.stateProvince || null}
                onChange={(value) => form.setFieldValue("stateProvince", value ?? "")}
                error={form.errors.stateProvince}
                disabled={!canEdit}
              />
              <TextInput
                label="ZIP / Postal Code"
                required
                autoComplete="postal-code"
                {...form.getInputProps("postalCode")}
              />
              <Select
                label="Country"
                required
                allowDeselect={false}
                data={countryOptions}
                value={form.values.country}
                onChange={changeCountry}
                error={form.errors.country}
                disabled={!canEdit}
              />
            </SimpleGrid>
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
