import { Button, Card, Code, Group, Text, Title } from "@mantine/core";
import { Copy } from "lucide-react";
import type { Widget } from "../../api/widgets";
import { toast } from "../../ui/toast";
import { useEmbedScript } from "./hooks";

export const CONFIGURATION_INCOMPLETE = {
  title: "Configuration Incomplete",
  description: "Please select a licensed number.",
} as const;

export function snippetOf(scriptUrl: string, publicKey: string): string {
  return `<script src="${scriptUrl}" data-widget-key="${publicKey}" async></script>`;
}

/** The embed code of the saved widget, with the seed's copy messages. */
export function WidgetSnippet({ widget }: { widget: Widget | null }) {
  const script = useEmbedScript();
  const snippet = widget && script.data ? snippetOf(script.data.scriptUrl, widget.publicKey) : "";

  const copy = async () => {
    if (!snippet) return toast({ title: "Nothing to copy", variant: "destructive" });
    if (!widget?.licensedNumber) return toast({ ...CONFIGURATION_INCOMPLETE, variant: "destructive" });
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: "Copied", description: "Paste the snippet into your website's HTML." });
    } catch {
      toast({ title: "Copy Failed", variant: "destructive" });
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="widget-snippet-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="widget-snippet-title">
          Embed Code
        </Title>
        <Button variant="default" leftSection={<Copy size={16} aria-hidden />} onClick={copy}>
          Copy Snippet
        </Button>
      </Group>
      {snippet ? (
        <Code block aria-label="Widget snippet" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
          {snippet}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Save the widget to get its snippet.
        </Text>
      )}
      <Text size="sm" c="dimmed" mt="xs">
        Paste it before the closing &lt;/body&gt; tag (or where the buttons should appear, for inline). It
        loads without blocking the page. Sites with a Content-Security-Policy must allow this server in
        script-src and connect-src.
      </Text>
    </Card>
  );
}
