import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import type { ProbeBody } from "../../api/geo-routing";
import { useTestCaller } from "./hooks";
import { type DraftRule, describeRule, toBody } from "./labels";

type Kind = ProbeBody["caller"]["kind"];

const kinds: { value: Kind; label: string; placeholder: string }[] = [
  { value: "number", label: "Phone number", placeholder: "e.g. (407) 555-0100" },
  { value: "region", label: "State / province", placeholder: "e.g. FL or ON" },
  { value: "postalCode", label: "ZIP / postal code", placeholder: "e.g. 32801 or M5V 2T6" },
];

/** A caller against the unsaved rules: the rule that matches, the licensee, what the caller hears first. */
export function TestCallerPanel({
  numberId,
  rules,
  askLocation,
}: {
  numberId: string;
  rules: DraftRule[];
  askLocation: boolean;
}) {
  const [kind, setKind] = useState<Kind>("number");
  const [value, setValue] = useState("");
  const test = useTestCaller(numberId);
  const result = test.data;
  const matched = result?.ruleIndex != null ? rules[result.ruleIndex] : undefined;
  const fieldError = test.error?.firstFieldMessage();

  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Test a Caller
        </Title>
        <Text size="sm" c="dimmed">
          Checked against the rules above, saved or not, by the code that answers real calls.
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            test.mutate({ rules: toBody(rules), askLocation, caller: { kind, value } });
          }}
        >
          <Stack>
            <SegmentedControl
              aria-label="Caller given by"
              value={kind}
              onChange={(v) => setKind(v as Kind)}
              data={kinds.map(({ value: v, label }) => ({ value: v, label }))}
            />
            <Group align="flex-end">
              <TextInput
                label="Caller"
                placeholder={kinds.find((k) => k.value === kind)?.placeholder}
                value={value}
                error={fieldError}
                onChange={(e) => setValue(e.currentTarget.value)}
              />
              <Button type="submit" loading={test.isPending}>
                Test Caller
              </Button>
            </Group>
          </Stack>
        </form>
        {result && (
          <Alert color={result.licensee ? "blue" : "red"} title="Result" data-testid="test-caller-result">
            <Stack gap={4}>
              <Text size="sm">
                Located: {result.location.regions.join(", ") || "unknown region"}
                {result.location.country ? `, ${result.location.country}` : ""}
                {result.location.areaCode ? ` (area code ${result.location.areaCode})` : ""}
              </Text>
              {result.asksLocation && (
                <Text size="sm">
                  The caller cannot be located: the number first asks for a ZIP or postal code
                </Text>
              )}
              <Text size="sm" hidden={result.asksLocation}>
                {matched && result.ruleIndex != null
                  ? `Matches rule ${result.ruleIndex + 1}: ${describeRule(matched)}`
                  : "No rule matches: the number's default licensee answers"}
              </Text>
              <Text size="sm" hidden={result.asksLocation}>
                Licensee: {result.licensee?.companyName ?? "none (not in service)"}
              </Text>
              <Text size="sm">{result.firstStep}</Text>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
