import { Alert, Group, NumberInput, Radio, Text, TextInput } from "@mantine/core";
import { Info, Phone } from "lucide-react";
import type { FormEvent } from "react";
import { useSession } from "../../app/session";
import { ReplyEmailField, RequestFormPage, toastMissingInformation, useRequestForm } from "./request-form";

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

export function RequestPhoneNumberPage() {
  const signedIn = useSession((s) => s.user !== null);
  const request = useRequestForm(emptyForm);
  const { form, errors, update, textInput } = request;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { numberType, areaCode, quantity } = form;
    const email = signedIn ? "" : form.email.trim();
    const missingAreaCode = numberType === "local" && areaCode.length !== AREA_CODE_DIGITS;
    if (!numberType || missingAreaCode || quantity === "" || quantity < 1) {
      toastMissingInformation("Please fill in all required fields.");
      return;
    }
    if (request.rejectInvalidEmail(email)) return;
    await request.send(
      "/api/phone-number-requests",
      {
        numberType,
        // The area code belongs to local numbers only.
        areaCode: numberType === "local" ? areaCode : undefined,
        quantity,
        purpose: form.purpose.trim() || undefined,
        email: email || undefined,
      },
      {
        title: "Request Submitted!",
        description: "Your phone number request has been received. We'll process it and notify you.",
      },
    );
  }

  return (
    <RequestFormPage
      icon={Phone}
      title="Request a Phone Number"
      intro="Need a local presence or a toll-free line? Tell us what you need and we'll find the numbers for you."
      thankYou={{
        title: "Request Sent!",
        message:
          "We've received your phone number request. Our team will check availability and notify you once your numbers are ready.",
        againLabel: "Request Another Number",
      }}
      request={request}
      onSubmit={handleSubmit}
    >
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
        placeholder="e.g. Sales line, Support, Marketing campaign"
        {...textInput("purpose")}
      />

      {!signedIn && (
        <ReplyEmailField description="So we can reply about your request." {...textInput("email")} />
      )}

      <Alert variant="light" color="blue" icon={<Info size={18} aria-hidden />}>
        <Text fz="sm">
          Number availability is subject to change, and extra charges may apply for additional or toll-free
          numbers.
        </Text>
      </Alert>
    </RequestFormPage>
  );
}
