import { Box, Card, Text, Title } from "@mantine/core";
import { renderWidget, type WidgetLook } from "@poundline/modules/widgets/embed/render";
import { useEffect, useRef } from "react";

const PREVIEW_ANSWER = "Preview only: nothing was sent.";

/**
 * The widget as websites will show it, drawn by the embed script's own rendering code into a
 * shadow root. The frame is a containing block (transform), so the fixed positions sit in its
 * corners rather than the console's.
 */
export function WidgetPreview({ look }: { look: WidgetLook }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const root = node.shadowRoot ?? node.attachShadow({ mode: "open" });
    renderWidget(root, look, {
      callback: async () => PREVIEW_ANSWER,
      text: async () => PREVIEW_ANSWER,
    });
  }, [look]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="widget-preview-title">
      <Title order={2} size="h4" id="widget-preview-title" mb="xs">
        Live Preview
      </Title>
      <Box
        data-testid="widget-preview"
        pos="relative"
        h={320}
        p="md"
        bg="gray.0"
        style={{
          transform: "translateZ(0)",
          overflow: "hidden",
          borderRadius: 8,
          border: "1px dashed var(--mantine-color-gray-4)",
        }}
      >
        <Text size="sm" c="dimmed" mb="sm">
          Your website
        </Text>
        <div ref={host} />
      </Box>
    </Card>
  );
}
