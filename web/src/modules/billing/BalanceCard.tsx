import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { updateWalletBodySchema } from "@poundline/contracts/billing/schemas";
import type { Wallet } from "../../api/billing";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { formatMoney } from "../../ui/format";
import { toast, toastError } from "../../ui/toast";
import { useBillingApi, useBillingMutation } from "./hooks";

/** The balance in US currency format, the low-balance warning and its editable threshold. */
export function BalanceCard({ wallet }: { wallet: Wallet }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Text c="dimmed" fw={600} size="sm">
          Wallet Balance
        </Text>
        <Title order={2} fz={40} data-testid="wallet-balance">
          {formatMoney(wallet.balanceCents, wallet.currency)}
        </Title>
        {wallet.low ? (
          <Alert
            color="yellow"
            variant="light"
            p="xs"
            styles={{ message: { color: "var(--mantine-color-dark-7)" } }}
          >
            Your balance is low.
          </Alert>
        ) : null}
        <LowBalanceThresholdForm key={wallet.lowBalanceThresholdCents} wallet={wallet} />
      </Stack>
    </Card>
  );
}

function LowBalanceThresholdForm({ wallet }: { wallet: Wallet }) {
  const api = useBillingApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: updateWalletBodySchema,
    initialValues: { lowBalanceThresholdCents: wallet.lowBalanceThresholdCents as number | string },
  });
  const save = useBillingMutation(api.updateWallet);
  const cents = form.values.lowBalanceThresholdCents;

  const submit = onSubmit((body) => {
    save.mutate(body, {
      onSuccess: () =>
        toast({ title: "Threshold Saved", description: "The low-balance warning was updated." }),
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        toastError("Wallet Error", error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="end" gap="sm">
        <NumberInput
          label="Warn me when the balance is below (USD)"
          prefix="$"
          decimalScale={2}
          thousandSeparator=","
          min={0}
          clampBehavior="none"
          w={280}
          value={typeof cents === "number" ? cents / 100 : ""}
          onChange={(value) =>
            form.setFieldValue(
              "lowBalanceThresholdCents",
              typeof value === "number" ? Math.round(value * 100) : "",
            )
          }
          error={form.errors.lowBalanceThresholdCents}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}
