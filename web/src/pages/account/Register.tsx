import { Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { type RegisterInput, regionsOf, registerBodySchema } from "@poundline/api/auth/schemas";
import { countries } from "@poundline/db/enums";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useApi } from "../../api/context";
import { ApiError } from "../../api/errors";
import { variantDetails } from "../../app/site";
import { useSiteVariant } from "../../app/site-config";
import { useSchemaForm } from "../../lib/schema-form";
import { toast } from "../../lib/toast";
import * as Account from "./account-layout";
import { problemToast, registrationFailure } from "./form-problems";
import { GoogleOrEmail } from "./google-button";
import { PasswordField, PasswordStrength } from "./password-fields";

type Country = (typeof countries)[number];
const countryNames: Record<Country, string> = { US: "United States", CA: "Canada" };
const countryOptions = countries.map((code) => ({ value: code, label: countryNames[code] }));

/** Seed 000: the registration success toast stays 7000 ms. */
const REGISTERED_TOAST_MS = 7000;

const emptyForm = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  password: "",
  confirmPassword: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  zipCode: "",
  country: "US" as Country,
} satisfies RegisterInput;
const formFields = Object.keys(emptyForm);

export function RegisterPage() {
  const tagline = variantDetails[useSiteVariant()].signUpTagline;
  const navigate = useNavigate();
  const api = useApi();
  const register = useMutation({ mutationFn: api.auth.register });
  // The server's own schema, so the form refuses exactly what the server would.
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: registerBodySchema,
    initialValues: emptyForm,
  });

  function changeCountry(value: string | null) {
    const country = countries.find((code) => code === value);
    if (!country || country === form.values.country) return;
    // The chosen state belongs to the other country's list.
    form.setValues({ country, state: "" });
  }

  const submit = onSubmit(
    (body) =>
      register.mutate(body, {
        onSuccess: () => {
          toast({
            title: "Registration Successful!",
            description: "Please check your email to confirm your account before signing in.",
            duration: REGISTERED_TOAST_MS,
          });
          navigate("/login");
        },
        onError: (err) => {
          if (err instanceof ApiError) showServerErrors(err);
          toast({
            title: "Registration Failed",
            description: registrationFailure(err),
            variant: "destructive",
          });
        },
      }),
    (errors) => toast({ ...problemToast(errors, formFields), variant: "destructive" }),
  );

  const regionLabel = form.values.country === "CA" ? "Province" : "State";

  return (
    <Account.Page title="Create Your Account" intro={tagline} width={560}>
      <Account.Card>
        <Stack gap="md">
          <GoogleOrEmail googleLabel="Sign up with Google" emailLabel="Or sign up with email" />

          <Account.Form onSubmit={submit}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First Name"
                required
                autoComplete="given-name"
                {...form.getInputProps("firstName")}
              />
              <TextInput
                label="Last Name"
                required
                autoComplete="family-name"
                {...form.getInputProps("lastName")}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps("email")}
            />
            <TextInput
              label="Company"
              required
              autoComplete="organization"
              {...form.getInputProps("company")}
            />
            <PasswordField
              label="Password"
              required
              autoComplete="new-password"
              {...form.getInputProps("password")}
            />
            <PasswordStrength password={form.values.password} />
            <PasswordField
              label="Confirm Password"
              required
              autoComplete="new-password"
              {...form.getInputProps("confirmPassword")}
            />

            <Title order={2} size="h4" mt="sm">
              Company Address (for E911)
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
                value={form.values.state || null}
                onChange={(value) => form.setFieldValue("state", value ?? "")}
                error={form.errors.state}
                nothingFoundMessage={`No ${regionLabel.toLowerCase()} found`}
              />
              <TextInput
                label="ZIP / Postal Code"
                required
                autoComplete="postal-code"
                {...form.getInputProps("zipCode")}
              />
              <Select
                label="Country"
                required
                allowDeselect={false}
                data={countryOptions}
                value={form.values.country}
                onChange={changeCountry}
                error={form.errors.country}
              />
            </SimpleGrid>

            <Account.Submit busy={register.isPending} busyLabel="Creating Account..." mt="sm">
              Create Free Account
            </Account.Submit>
          </Account.Form>
        </Stack>
      </Account.Card>

      <Account.FooterLink prompt="Already have an account?" to="/login">
        Sign In
      </Account.FooterLink>
    </Account.Page>
  );
}
