import { Center, Loader, Stack, Text } from "@mantine/core";

/** A centred spinner with a line of text ("Loading application...", "Loading page content..."). */
export function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Center mih="50vh" role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
