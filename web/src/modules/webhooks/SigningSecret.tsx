import { Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Webhook } from "../../api/webhooks";
import { toast, toastError } from "../../ui/toast";
import { useWebhookMutation, useWebhooksApi } from "./hooks";

/** The signing secret, hidden until revealed, with Copy and Rotate. */
export function SigningSecret({ webhook }: { webhook: Webhook }) {
  const [shown, setShown] = useState(false);
  const api = useWebhooksApi();
  const rotate = useWebhookMutation(() => api.rotateSecret(webhook.id));

  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Signing Secret
      </Text>
      <Text size="xs" c="dimmed">
        Verify each request's webhook-signature with it (Standard Webhooks).
      </Text>
      <Group gap="xs">
        <Code aria-label="Signing secret">{shown ? webhook.secret : "whsec_••••••••••••••••"}</Code>
        <Button size="xs" variant="subtle" onClick={() => setShown((s) => !s)}>
          {shown ? "Hide" : "Reveal"}
        </Button>
        <CopyButton value={webhook.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="subtle" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="subtle"
          loading={rotate.isPending}
          onClick={() =>
            rotate.mutate(undefined, {
              onSuccess: () =>
                toast({ title: "Secret Rotated", description: "New deliveries use the new secret." }),
              onError: (error) => toastError("Rotate Error", error),
            })
          }
        >
          Rotate
        </Button>
      </Group>
    </Stack>
  );
}
