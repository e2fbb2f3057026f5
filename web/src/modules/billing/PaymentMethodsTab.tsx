import { Badge, Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import type { PaymentMethod } from "../../api/billing";
import { useCan } from "../../app/session";
import { DataTable } from "../../ui/DataTable";
import { toast, toastError } from "../../ui/toast";
import { CARD_PROVIDER } from "./checkout";
import { useBillingApi, useBillingMutation, usePaymentMethods } from "./hooks";

const cardName = (pm: PaymentMethod) => `${pm.brand.toUpperCase()} ending in ${pm.last4}`;

/** The customer's saved cards, kept by Stripe: set the default, remove one. */
export function PaymentMethodsTab() {
  const api = useBillingApi();
  const methods = usePaymentMethods();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const failed = (error: Error) => toastError("Payment Method Error", error);
  const makeDefault = useBillingMutation(api.setDefaultPaymentMethod);
  const remove = useBillingMutation(api.removePaymentMethod);
  const canChangeCards = useCan("billing.cards");

  if (methods.data && !methods.data.configured)
    return (
      <Text py="md">
        Saved cards are managed through {CARD_PROVIDER}, which is not configured on this server.
      </Text>
    );

  return (
    <>
      <DataTable<PaymentMethod>
        aria-label="Saved cards"
        withTableBorder
        minHeight={160}
        records={methods.data?.paymentMethods ?? []}
        fetching={methods.isFetching && !methods.data}
        noRecordsText="No saved cards yet. A card you pay with in Checkout is saved here."
        columns={[
          { accessor: "brand", title: "Card", render: (pm) => cardName(pm) },
          {
            accessor: "expYear",
            title: "Expires",
            render: (pm) => `${String(pm.expMonth).padStart(2, "0")}/${pm.expYear}`,
          },
          {
            accessor: "isDefault",
            title: "",
            render: (pm) =>
              pm.isDefault ? (
                <Badge variant="light" c="dark.9">
                  Default
                </Badge>
              ) : null,
          },
          {
            accessor: "actions",
            title: "",
            textAlign: "right",
            // Changing the cards is the owner's (auth/permissions.ts).
            hidden: !canChangeCards,
            render: (pm) => (
              <Group gap="xs" justify="flex-end">
                {pm.isDefault ? null : (
                  <Button
                    size="xs"
                    variant="default"
                    loading={makeDefault.isPending && makeDefault.variables === pm.id}
                    onClick={() =>
                      makeDefault.mutate(pm.id, {
                        onSuccess: () =>
                          toast({
                            title: "Default Card Set",
                            description: `${cardName(pm)} is now the default.`,
                          }),
                        onError: failed,
                      })
                    }
                  >
                    Set Default
                  </Button>
                )}
                <Button size="xs" variant="default" color="red" onClick={() => setRemoving(pm)}>
                  Remove
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        closeButtonProps={{ "aria-label": "Close dialog" }}
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove card"
      >
        <Text mb="md">
          Remove {removing ? cardName(removing) : "this card"}? It will no longer be charged.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!removing) return;
              remove.mutate(removing.id, {
                onSuccess: () => {
                  toast({ title: "Card Removed", description: `${cardName(removing)} was removed.` });
                  setRemoving(null);
                },
                onError: failed,
              });
            }}
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </>
  );
}
