import { Alert, Button, Card, Group, MultiSelect, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { isRefusal } from "../../api/errors";
import type { DestinationPolicy } from "../../api/settings";
import { toast, toastError } from "../../ui/toast";
import { settingsKeys, useSettingsApi, useSettingsMutation } from "./hooks";

/**
 * Where the account may call and text (the destination policy): the countries an owner or admin
 * allows, chosen from the countries calls and texts are priced to. Premium and satellite numbers
 * stay refused whatever is allowed.
 */
export function CallingTab({ policy }: { policy: DestinationPolicy }) {
  const api = useSettingsApi();
  const [allowed, setAllowed] = useState<string[]>(policy.allowedCountries);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setAllowed(policy.allowedCountries), [policy.allowedCountries]);
  const save = useSettingsMutation(api.saveDestinationPolicy, [settingsKeys.destinations]);

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Allowed Countries
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Calls, texts and call forwarding can reach numbers in these countries only. Premium-rate and satellite
        numbers are never reached.
      </Text>
      <Stack gap="md">
        {!policy.canEdit && (
          <Alert color="gray">Only the account's owner or an admin can change the allowed countries.</Alert>
        )}
        <MultiSelect
          label="Countries"
          data={policy.countries.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
          value={allowed}
          onChange={(value) => {
            setAllowed(value);
            setError(null);
          }}
          searchable
          disabled={!policy.canEdit}
          error={error}
        />
        {policy.canEdit && (
          <Group>
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { allowedCountries: allowed },
                  {
                    onSuccess: () =>
                      toast({ title: "Countries Saved", description: "Allowed countries saved." }),
                    onError: (err) => {
                      if (isRefusal(err)) setError(err.firstFieldMessage());
                      toastError("Save Failed", err);
                    },
                  },
                )
              }
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
