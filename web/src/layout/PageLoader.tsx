import { Center, Loader, Stack, Text } from "@mantine/core";

/** A centred spinner with a line of text ("Loading application..."); `inline` within a page section. */
export function PageLoader({ label = "Loading...", inline = false }: { label?: string; inline?: boolean }) {
  return (
    <Center {...(inline ? { py: "xl" } : { mih: "50vh" })} role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
