import { Alert, Group, NumberInput, Radio, Text, TextInput } from "@mantine/core";
import { phoneNumberRequestBodySchema, SITE_LIMITS, siteMessages } from "@poundline/contracts/site/schemas";
import { Info, Phone } from "lucide-react";
import { useApi } from "../../api/context";
import { useSession } from "../../app/session";
import {
  areaCodeInput,
  emptyPhoneNumberRequest,
  numberTypeInput,
  phoneNumberRequestBody,
  quantityInput,
} from "./form-bodies";
import { ReplyEmailField, RequestFormPage, useRequestForm } from "./request-form";

/** The API takes at most this many numbers in one request. */
const MAX_QUANTITY = SITE_LIMITS.quantity;

export function RequestPhoneNumberPage() {
  const api = useApi();
  const signedIn = useSession().user !== null;
  const request = useRequestForm({
    schema: phoneNumberRequestBodySchema,
    initialValues: emptyPhoneNumberRequest,
    toBody: (values) => phoneNumberRequestBody(values, { signedIn }),
    missingMessage: siteMessages.phoneFieldsRequired,
    send: api.site.phoneNumberRequest,
    success: {
      title: "Request Submitted!",
      description: "Your phone number request has been received. We'll process it and notify you.",
    },
  });
  const { form } = request;

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
    >
      <Radio.Group
        label="Number Type"
        name="numberType"
        withAsterisk
        value={form.values.numberType}
        onChange={(value) => form.setFieldValue("numberType", numberTypeInput(value))}
        error={form.errors.numberType}
      >
        <Group mt="xs" gap="xl">
          <Radio value="local" label="Local Number" />
          <Radio value="toll-free" label="Toll-Free Number" />
        </Group>
      </Radio.Group>

      {form.values.numberType === "local" && (
        <TextInput
          label="Area Code"
          placeholder="e.g. 407"
          description="The 3-digit area code you would like your number in."
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps("areaCode")}
          onChange={(event) => form.setFieldValue("areaCode", areaCodeInput(event.currentTarget.value))}
        />
      )}

      <NumberInput
        label="Quantity"
        withAsterisk
        min={1}
        max={MAX_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps("quantity")}
        onChange={(value) => form.setFieldValue("quantity", quantityInput(value))}
        onBlur={() => {
          if (form.values.quantity === "") form.setFieldValue("quantity", 1);
        }}
      />

      <TextInput
        label="Purpose / Department (optional)"
        placeholder="e.g. Sales line, Support, Marketing campaign"
        {...form.getInputProps("purpose")}
      />

      {!signedIn && (
        <ReplyEmailField description="So we can reply about your request." {...form.getInputProps("email")} />
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
