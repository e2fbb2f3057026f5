import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { EMAIL_PATTERN } from "@poundline/api/auth/messages";
import { CircleCheckBig, Info, Phone, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSession } from "../../app/session";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";

/** The same simple address pattern the API checks. */
const invalidEmailMessage = "Please enter a valid email address.";

const AREA_CODE_DIGITS = 3;
/** The API takes at most this many numbers in one request. */
const MAX_QUANTITY = 100;

type NumberType = "local" | "toll-free";

interface PhoneRequestForm {
  numberType: NumberType | "";
  areaCode: string;
  /** "" while the field is being retyped; forced back to at least 1 when it loses focus. */
  quantity: number | "";
  purpose: string;
  email: string;
}

/** No type is chosen at first: the visitor picks one (the area code field follows "Local Number"). */
const emptyForm: PhoneRequestForm = { numberType: "", areaCode: "", quantity: 1, purpose: "", email: "" };

type FieldErrors = Partial<Record<keyof PhoneRequestForm, string>>;

/** Area codes are digits only, at most three of them. */
function areaCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, AREA_CODE_DIGITS);
}

/** Quantity is a whole number of at least 1 (an empty field stays empty while typing). */
function quantityInput(value: number | string): number | "" {
  if (value === "") return "";
  const whole = Math.trunc(Number(value));
  return Number.isFinite(whole) && whole >= 1 ? whole : 1;
}

function RequestSent({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the confirmation instead of the vanished form.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden>
        <CircleCheckBig size={36} />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1}>
        Request Sent!
      </Title>
      <Text c="dimmed" maw={460}>
        We've received your phone number request. Our team will check availability and notify you once your
        numbers are ready.
      </Text>
      <Button onClick={onAnother}>Request Another Number</Button>
    </Stack>
  );
}

export function RequestPhoneNumberPage() {
  const signedIn = useSession((s) => s.user !== null);
  const [form, setForm] = useState<PhoneRequestForm>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  function update<K extends keyof PhoneRequestForm>(field: K, value: PhoneRequestForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { numberType, areaCode, quantity } = form;
    const email = signedIn ? "" : form.email.trim();
    const missingAreaCode = numberType === "local" && areaCode.length !== AREA_CODE_DIGITS;
    if (!numberType || missingAreaCode || quantity === "" || quantity < 1) {
      toast({
        title: "Missing Information",
        description: "Please fill in all required fields.",
        variant: "destructive",
      });
      return;
    }
    if (email && !EMAIL_PATTERN.test(email)) {
      setErrors({ email: invalidEmailMessage });
      return;
    }

    setSubmitting(true);
    try {
      await api("/api/phone-number-requests", {
        method: "POST",
        body: {
          numberType,
          // The area code belongs to local numbers only.
          areaCode: numberType === "local" ? areaCode : undefined,
          quantity,
          purpose: form.purpose.trim() || undefined,
          email: email || undefined,
        },
      });
      toast({
        title: "Request Submitted!",
        description: "Your phone number request has been received. We'll process it and notify you.",
      });
      setSubmitted(true);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) {
        const { areaCode, quantity, purpose, email } = apiError.fields;
        setErrors({
          areaCode: areaCode?.[0],
          quantity: quantity?.[0],
          purpose: purpose?.[0],
          email: email?.[0],
        });
      }
      toast({
        title: "Submission Error",
        description: apiError
          ? apiError.firstFieldMessage()
          : "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  function startOver() {
    setForm(emptyForm);
    setErrors({});
    setSubmitted(false);
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <Phone size={30} />
          </ThemeIcon>
          <Title>Request a Phone Number</Title>
          <Text c="dimmed">
            Need a local presence or a toll-free line? Tell us what you need and we'll find the numbers for
            you.
          </Text>
        </Stack>

        <Card withBorder padding="xl">
          {submitted ? (
            <RequestSent onAnother={startOver} />
          ) : (
            <form onSubmit={handleSubmit} noValidate>
              <Stack gap="md">
                <Radio.Group
                  label="Number Type"
                  name="numberType"
                  withAsterisk
                  value={form.numberType}
                  onChange={(value) => update("numberType", value as NumberType)}
                >
                  <Group mt="xs" gap="xl">
                    <Radio value="local" label="Local Number" />
                    <Radio value="toll-free" label="Toll-Free Number" />
                  </Group>
                </Radio.Group>

                {form.numberType === "local" && (
                  <TextInput
                    label="Area Code"
                    name="areaCode"
                    placeholder="e.g. 407"
                    description="The 3-digit area code you would like your number in."
                    withAsterisk
                    inputMode="numeric"
                    autoComplete="off"
                    value={form.areaCode}
                    error={errors.areaCode}
                    onChange={(event) => update("areaCode", areaCodeInput(event.currentTarget.value))}
                  />
                )}

                <NumberInput
                  label="Quantity"
                  name="quantity"
                  withAsterisk
                  min={1}
                  max={MAX_QUANTITY}
                  allowDecimal={false}
                  allowNegative={false}
                  value={form.quantity}
                  error={errors.quantity}
                  onChange={(value) => update("quantity", quantityInput(value))}
                  onBlur={() => {
                    if (form.quantity === "") update("quantity", 1);
                  }}
                />

                <TextInput
                  label="Purpose / Department (optional)"
                  name="purpose"
                  placeholder="e.g. Sales line, Support, Marketing campaign"
                  value={form.purpose}
                  error={errors.purpose}
                  onChange={(event) => update("purpose", event.currentTarget.value)}
                />

                {!signedIn && (
                  <TextInput
                    label="Email (optional)"
                    name="email"
                    type="email"
                    autoComplete="email"
                    placeholder="you@company.com"
                    description="So we can reply about your request."
                    value={form.email}
                    error={errors.email}
                    onChange={(event) => update("email", event.currentTarget.value)}
                  />
                )}

                <Alert variant="light" color="blue" icon={<Info size={18} aria-hidden />}>
                  <Text fz="sm">
                    Number availability is subject to change, and extra charges may apply for additional or
                    toll-free numbers.
                  </Text>
                </Alert>

                <Button
                  type="submit"
                  size="md"
                  disabled={submitting}
                  leftSection={submitting ? <Loader size={16} aria-hidden /> : <Send size={18} aria-hidden />}
                >
                  {submitting ? "Submitting..." : "Submit Request"}
                </Button>
              </Stack>
            </form>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
