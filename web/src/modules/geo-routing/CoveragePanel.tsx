import { Alert, Badge, Card, Group, Loader, Spoiler, Stack, Text, Title } from "@mantine/core";
import type { Coverage } from "../../api/geo-routing";

interface Props {
  coverage: Coverage | undefined;
  loading: boolean;
  /** Why coverage is not shown (a rule still incomplete). */
  pending: string | null;
}

const list = (codes: string[]) => (
  <Group gap={4}>
    {codes.map((c) => (
      <Badge key={c} variant="light" color="gray">
        {c}
      </Badge>
    ))}
  </Group>
);

/** What no rule covers, and the rules that can never match, for the draft before it is saved. */
export function CoveragePanel({ coverage, loading, pending }: Props) {
  return (
    <Card withBorder aria-labelledby="coverage-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="coverage-title">
            Coverage Check
          </Title>
          {loading && <Loader size="xs" role="status" aria-label="Checking coverage" />}
        </Group>
        {pending && <Text c="dimmed">{pending}</Text>}
        {!pending && coverage && (
          <Stack gap="sm" data-testid="coverage">
            {coverage.shadowed.length > 0 ? (
              <Alert color="orange" title="Rules that can never match">
                {coverage.shadowed.map((s) => (
                  <Text size="sm" key={s.index}>
                    Rule {s.index + 1} never matches: rule {s.takenBy.map((i) => i + 1).join(", ")} takes all
                    its callers first.
                  </Text>
                ))}
              </Alert>
            ) : (
              <Text size="sm">Every rule can match a caller.</Text>
            )}
            <Text size="sm" fw={500}>
              US states no rule covers ({coverage.states.length})
            </Text>
            {coverage.states.length > 0 ? list(coverage.states) : <Text size="sm">None</Text>}
            <Text size="sm" fw={500}>
              Canadian provinces no rule covers ({coverage.provinces.length})
            </Text>
            {coverage.provinces.length > 0 ? list(coverage.provinces) : <Text size="sm">None</Text>}
            <Text size="sm" fw={500}>
              Area codes no rule covers ({coverage.areaCodes.length})
            </Text>
            {coverage.areaCodes.length > 0 ? (
              <Spoiler maxHeight={60} showLabel="Show all area codes" hideLabel="Show fewer">
                {list(coverage.areaCodes)}
              </Spoiler>
            ) : (
              <Text size="sm">None</Text>
            )}
            <Text size="xs" c="dimmed">
              Uncovered callers reach the number's default licensee.
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
