import { SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { type RegisterInput, registerBodySchema } from "@poundline/contracts/auth/schemas";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useApi } from "../../api/context";
import { ApiError } from "../../api/errors";
import { variantDetails } from "../../app/site";
import { useSiteVariant } from "../../app/site-config";
import { type Country, countryChange, E911AddressFields } from "../../lib/e911-address-fields";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import * as Account from "./account-layout";
import { problemToast, registrationFailure } from "./form-problems";
import { GoogleOrEmail } from "./google-button";
import { PasswordField, PasswordStrength } from "./password-fields";

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
    const country = countryChange(value, form.values.country);
    // The chosen state belongs to the other country's list.
    if (country) form.setValues({ country, state: "" });
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
          toastError("Registration Failed", registrationFailure(err));
        },
      }),
    (errors) => toast({ ...problemToast(errors, formFields), variant: "destructive" }),
  );

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
            <E911AddressFields
              inputs={{
                line1: form.getInputProps("addressLine1"),
                line2: form.getInputProps("addressLine2"),
                city: form.getInputProps("city"),
                postalCode: form.getInputProps("zipCode"),
              }}
              country={form.values.country}
              region={form.values.state}
              regionError={form.errors.state}
              countryError={form.errors.country}
              onRegionChange={(state) => form.setFieldValue("state", state)}
              onCountryChange={changeCountry}
            />

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
