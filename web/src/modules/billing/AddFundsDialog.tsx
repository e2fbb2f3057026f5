import { Button, Chip, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { checkoutBodySchema, TOP_UP } from "@poundline/contracts/billing/schemas";
import { useMutation } from "@tanstack/react-query";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatMoney } from "../../ui/format";
import { checkoutFailed, goToStripe } from "./checkout";
import { useBillingApi } from "./hooks";

/** Add Funds: 10, 25, 50 or 100 dollars, or a custom amount from 5 to 1,000, paid in Stripe Checkout. */
export function AddFundsDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  const api = useBillingApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: checkoutBodySchema,
    initialValues: { kind: "top_up" as const, amountCents: 2500 as number | string },
  });
  const open = useMutation({ mutationFn: api.checkout });
  const amountCents = form.values.amountCents;

  const submit = onSubmit((body) => {
    open.mutate(body, {
      onSuccess: goToStripe,
      onError: (error) => {
        if (isRefusal(error)) showServerErrors(error);
        checkoutFailed(error);
      },
    });
  });

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title="Add Funds to Wallet"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" id="top-up-presets">
            Choose an amount
          </Text>
          <Chip.Group
            value={String(amountCents)}
            onChange={(value) => form.setFieldValue("amountCents", Number(value))}
          >
            <Group gap="xs" role="group" aria-labelledby="top-up-presets">
              {TOP_UP.presetsCents.map((cents) => (
                <Chip key={cents} value={String(cents)}>
                  {formatMoney(cents)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <NumberInput
            label="Custom amount (USD)"
            description="From $5.00 to $1,000.00"
            prefix="$"
            decimalScale={2}
            thousandSeparator=","
            min={TOP_UP.minCents / 100}
            max={TOP_UP.maxCents / 100}
            // Out of range is said, not silently corrected: the schema's message shows.
            clampBehavior="none"
            value={typeof amountCents === "number" ? amountCents / 100 : ""}
            onChange={(value) =>
              form.setFieldValue("amountCents", typeof value === "number" ? Math.round(value * 100) : "")
            }
            error={form.errors.amountCents}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={open.isPending}>
              {typeof amountCents === "number" ? `Pay ${formatMoney(amountCents)}` : "Pay"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
