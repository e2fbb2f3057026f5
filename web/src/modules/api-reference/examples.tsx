import { Code, Stack, Text } from "@mantine/core";
import { curlExample, fetchExample } from "./example-code";
import type { OperationEntry } from "./schema-words";

export function OperationExamples({ entry }: { entry: OperationEntry }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        curl
      </Text>
      <Code block>{curlExample(entry)}</Code>
      <Text size="sm" fw={600}>
        JavaScript (fetch)
      </Text>
      <Code block>{fetchExample(entry)}</Code>
    </Stack>
  );
}
