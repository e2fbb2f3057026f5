import { Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { authMessages, regionsOf, registerBodySchema } from "@poundline/api/auth/schemas";
import { countries } from "@poundline/db/enums";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { variantDetails } from "../../app/site";
import { useSite } from "../../app/site-config";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import * as Account from "./account-layout";
import { formProblems } from "./form-problems";
import { GoogleOrEmail } from "./google-button";
import { PasswordField, PasswordStrength } from "./password-fields";
import { isRefusal } from "./refusal";

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
};
type RegisterForm = typeof emptyForm;
type TextField = Exclude<keyof RegisterForm, "country" | "state">;

/** Seed 000's wording for the server's refusals. */
function registrationError(err: unknown): string {
  if (!isRefusal(err)) return "An unexpected error occurred.";
  if (err.status === 409) return authMessages.emailTaken;
  // Validation errors are keyed by where the field sits in the request, e.g. "body.email".
  const fieldMessage = (name: string) =>
    Object.entries(err.fields).find(([key]) => key === name || key.endsWith(`.${name}`))?.[1][0];
  if (fieldMessage("email")) return "Invalid email";
  return fieldMessage("password") ?? err.message;
}

export function RegisterPage() {
  const tagline = useSite((s) => variantDetails[s.variant].signUpTagline);
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<string>>(new Set());
  const [submitting, setSubmitting] = useState(false);

  function change(field: keyof RegisterForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setInvalidFields((current) => {
      if (!current.has(field)) return current;
      const next = new Set(current);
      next.delete(field);
      return next;
    });
  }

  function changeCountry(value: string | null) {
    if (!value || value === form.country) return;
    // The chosen state belongs to the other country's list.
    change("state", "");
    change("country", value);
  }

  /** Value, change handler and error mark of a text input. */
  const textInput = (field: TextField) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.currentTarget.value),
    error: invalidFields.has(field),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own schema, so the form refuses exactly what the server would.
    const parsed = registerBodySchema.safeParse(form);
    if (!parsed.success) {
      const problems = formProblems(parsed.error.issues);
      setInvalidFields(problems.fields);
      toast({ ...problems.toast, variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      await api("/api/auth/register", { method: "POST", body: parsed.data });
      toast({
        title: "Registration Successful!",
        description: "Please check your email to confirm your account before signing in.",
        duration: REGISTERED_TOAST_MS,
      });
      navigate("/login");
    } catch (err) {
      toast({ title: "Registration Failed", description: registrationError(err), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  const regionLabel = form.country === "CA" ? "Province" : "State";

  return (
    <Account.Page title="Create Your Account" intro={tagline} width={560}>
      <Account.Card>
        <Stack gap="md">
          <GoogleOrEmail googleLabel="Sign up with Google" emailLabel="Or sign up with email" />

          <Account.Form onSubmit={submit}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First Name" required autoComplete="given-name" {...textInput("firstName")} />
              <TextInput label="Last Name" required autoComplete="family-name" {...textInput("lastName")} />
            </SimpleGrid>
            <TextInput label="Email" type="email" required autoComplete="email" {...textInput("email")} />
            <TextInput label="Company" required autoComplete="organization" {...textInput("company")} />
            <PasswordField label="Password" required autoComplete="new-password" {...textInput("password")} />
            <PasswordStrength password={form.password} />
            <PasswordField
              label="Confirm Password"
              required
              autoComplete="new-password"
              {...textInput("confirmPassword")}
            />

            <Title order={2} size="h4" mt="sm">
              Company Address (for E911)
            </Title>
            <TextInput
              label="Address Line 1"
              required
              autoComplete="address-line1"
              {...textInput("addressLine1")}
            />
            <TextInput
              label="Address Line 2 (optional)"
              autoComplete="address-line2"
              {...textInput("addressLine2")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="City" required autoComplete="address-level2" {...textInput("city")} />
              <Select
                label={regionLabel}
                required
                searchable
                data={[...regionsOf(form.country)]}
                value={form.state || null}
                onChange={(value) => change("state", value ?? "")}
                error={invalidFields.has("state")}
                nothingFoundMessage={`No ${regionLabel.toLowerCase()} found`}
              />
              <TextInput
                label="ZIP / Postal Code"
                required
                autoComplete="postal-code"
                {...textInput("zipCode")}
              />
              <Select
                label="Country"
                required
                allowDeselect={false}
                data={countryOptions}
                value={form.country}
                onChange={changeCountry}
                error={invalidFields.has("country")}
              />
            </SimpleGrid>

            <Account.Submit busy={submitting} busyLabel="Creating Account..." mt="sm">
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
