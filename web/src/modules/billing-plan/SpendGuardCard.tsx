import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { spendGuardBodySchema } from "@poundline/contracts/billing/plan-schemas";
import { useEffect } from "react";
import type { SpendGuard } from "../../api/billing-plan";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { useSaveSpendGuard, useSpendGuard } from "./hooks";

/** The form holds dollars; the API takes cents (the field names are the API's, for its messages). */
interface Values extends Record<string, unknown> {
  autoRechargeEnabled: boolean;
  autoRechargeThresholdCents: number | string;
  autoRechargeAmountCents: number | string;
  monthlySpendCapCents: number | string;
}

const toCents = (dollars: number | string) =>
  dollars === "" ? Number.NaN : Math.round(Number(dollars) * 100);

function valuesOf(guard: SpendGuard | undefined): Values {
  return {
    autoRechargeEnabled: guard?.autoRechargeEnabled ?? false,
    autoRechargeThresholdCents: (guard?.autoRechargeThresholdCents ?? 500) / 100,
    autoRechargeAmountCents: (guard?.autoRechargeAmountCents ?? 2500) / 100,
    monthlySpendCapCents: guard?.monthlySpendCapCents == null ? "" : guard.monthlySpendCapCents / 100,
  };
}

/** Auto-recharge of the saved card and the monthly spending limit, with the last recharge's failure. */
export function SpendGuardCard() {
  const { data: guard, isPending } = useSpendGuard();
  const save = useSaveSpendGuard();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: spendGuardBodySchema,
    initialValues: valuesOf(undefined),
    toBody: (values: Values) => ({
      autoRechargeEnabled: values.autoRechargeEnabled,
      autoRechargeThresholdCents: toCents(values.autoRechargeThresholdCents),
      autoRechargeAmountCents: toCents(values.autoRechargeAmountCents),
      monthlySpendCapCents: values.monthlySpendCapCents === "" ? null : toCents(values.monthlySpendCapCents),
    }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the saved settings once they arrive
  useEffect(() => {
    if (guard) form.setValues(valuesOf(guard));
  }, [guard]);

  /** A dollar amount of the form (the field holds dollars; see Values). */
  const money = (
    field: "autoRechargeThresholdCents" | "autoRechargeAmountCents" | "monthlySpendCapCents",
    label: string,
    min: number,
  ) => <NumberInput label={label} prefix="$" decimalScale={2} min={min} {...form.getInputProps(field)} />;

  const submit = onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast({ title: "Spending Settings Saved" }),
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Wallet Error", error);
      },
    }),
  );

  return (
    <Card withBorder padding="lg" aria-labelledby="spend-guard-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="spend-guard-title">
            Auto-Recharge and Spending Limit
          </Title>
          {isPending ? (
            <Skeleton h={120} />
          ) : (
            <>
              {guard?.lastRechargeError && (
                <Alert color="red" title="Auto-recharge failed" role="alert">
                  {guard.lastRechargeError}
                </Alert>
              )}
              {guard?.capReached && (
                <Alert color="red" role="alert">
                  The monthly spending limit is reached: calls and texts are paused until next month.
                </Alert>
              )}
              <Switch
                label="Recharge my wallet from my saved card when the balance is low"
                {...form.getInputProps("autoRechargeEnabled", { type: "checkbox" })}
              />
              <Group grow align="flex-start">
                {money("autoRechargeThresholdCents", "When the balance falls under", 0)}
                {money("autoRechargeAmountCents", "Add this amount", 5)}
              </Group>
              <Text size="xs" c="dimmed">
                At most one recharge an hour.
              </Text>
              {money("monthlySpendCapCents", "Monthly spending limit (empty: none)", 1)}
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
