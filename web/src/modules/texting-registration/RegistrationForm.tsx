import { Alert, Button, Card, Group, Stack, Stepper, Text } from "@mantine/core";
import {
  textingRegistrationBodySchema,
  textingRegistrationMessages,
} from "@poundline/contracts/texting-registration/schemas";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { TextingRegistrationInput, TextingRegistrationResponse } from "../../api/texting-registration";
import { useSchemaForm } from "../../lib/schema-form";
import { formatMoney } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { BusinessFields, CampaignFields, emptyRegistration, type RegistrationForm } from "./fields";
import { useSubmitRegistration } from "./hooks";

const steps = ["business", "campaign", "review"] as const;

/** The first step holding a field in error: the stepper goes back there. */
const stepOf = (field: string) => (field.startsWith("business") ? 0 : 1);

/**
 * The guided flow: the business profile (the carrier's customer profile and brand), then the
 * campaign (use case, samples, opt-in), then the fees, shown before anything is submitted.
 */
export function RegistrationFormCard({ fees }: { fees: TextingRegistrationResponse["fees"] }) {
  const [active, setActive] = useState(0);
  const submit = useSubmitRegistration();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: textingRegistrationBodySchema,
    initialValues: emptyRegistration(),
  });

  const next = () => {
    const errors = Object.keys(form.validate().errors).filter((field) => stepOf(field) === active);
    if (errors.length > 0) return;
    form.clearErrors();
    setActive((step) => Math.min(step + 1, steps.length - 1));
  };
  const send = onSubmit(
    (body: TextingRegistrationInput) =>
      submit.mutate(body, {
        onSuccess: () =>
          toast({ title: "Registration Submitted", description: "The carrier is reviewing it now." }),
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Registration Failed", error);
        },
      }),
    (errors) => setActive(stepOf(Object.keys(errors)[0] ?? "business")),
  );

  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={send} aria-label="Texting registration">
        <Stepper active={active} onStepClick={setActive} allowNextStepsSelect={false}>
          <Stepper.Step label="Business profile" description="Who sends the texts">
            <BusinessFields form={form as RegistrationForm} />
          </Stepper.Step>
          <Stepper.Step label="Campaign" description="What you send, and how people opt in">
            <CampaignFields form={form as RegistrationForm} />
          </Stepper.Step>
          <Stepper.Step label="Fees and submit" description="Charged to your wallet">
            <FeesStep fees={fees} />
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between" mt="lg">
          <Button
            variant="default"
            onClick={() => setActive((s) => Math.max(s - 1, 0))}
            disabled={active === 0}
          >
            Back
          </Button>
          {/* Keyed apart: the Next element reused as type="submit" mid-click would submit the form early. */}
          {active < steps.length - 1 ? (
            <Button key="next" onClick={next}>
              Next
            </Button>
          ) : (
            <Button key="submit" type="submit" loading={submit.isPending}>
              Pay {formatMoney(fees.totalCents)} and Submit
            </Button>
          )}
        </Group>
      </form>
    </Card>
  );
}

function FeesStep({ fees }: { fees: TextingRegistrationResponse["fees"] }) {
  return (
    <Stack gap="sm" mt="md">
      <Text>The carrier's one-time fees, charged to your wallet when you submit:</Text>
      <Group justify="space-between">
        <Text>Brand registration</Text>
        <Text>{formatMoney(fees.brandCents)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>Campaign vetting</Text>
        <Text>{formatMoney(fees.campaignVettingCents)}</Text>
      </Group>
      <Group justify="space-between" fw={700}>
        <Text fw={700}>Total</Text>
        <Text fw={700}>{formatMoney(fees.totalCents)}</Text>
      </Group>
      <Text>
        Then, each month the campaign is active: {formatMoney(fees.campaignMonthlyCents)} (
        {formatMoney(fees.lowVolumeCampaignMonthlyCents)} for the low-volume use case), from your wallet.
      </Text>
      <Alert color="blue">{textingRegistrationMessages.unregistered.split(". ")[0]}.</Alert>
    </Stack>
  );
}
