import { Button, Group, Loader, Select, Stack, Title } from "@mantine/core";
import { Plus } from "lucide-react";
import { useState } from "react";
import { QueryError } from "../../ui/QueryState";
import { useLicensedNumbers, useWidgets } from "./hooks";
import { WidgetAttempts } from "./WidgetAttempts";
import { WidgetForm } from "./WidgetForm";
import { WidgetSnippet } from "./WidgetSnippet";

/** Seed 001 "Website Widgets": configuration, live preview, snippet with copy; plus the attempt log. */
export function Widgets() {
  const widgets = useWidgets();
  const numbers = useLicensedNumbers();
  // null: the first widget (or a new one when there is none); "new": a new one; else a widget id.
  const [selected, setSelected] = useState<string | null>(null);

  const items = widgets.data?.items ?? [];
  const current =
    selected === "new"
      ? null
      : selected === null
        ? (items[0] ?? null)
        : (items.find((w) => w.id === selected) ?? null);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Website Widgets</Title>
        <Group>
          {items.length > 0 ? (
            <Select
              aria-label="Widget"
              data={items.map((w) => ({ value: w.id, label: w.name }))}
              value={current?.id ?? null}
              placeholder="New widget"
              allowDeselect={false}
              onChange={(value) => setSelected(value)}
            />
          ) : null}
          <Button
            leftSection={<Plus size={16} aria-hidden />}
            variant="default"
            onClick={() => setSelected("new")}
          >
            New Widget
          </Button>
        </Group>
      </Group>
      {widgets.isError ? (
        <QueryError query={widgets} title="Error loading widgets" />
      ) : widgets.isPending ? (
        <Loader role="status" aria-label="Loading widgets" />
      ) : (
        <>
          <WidgetForm
            key={current?.id ?? "new"}
            widget={current}
            numbers={numbers}
            onSaved={(saved) => setSelected(saved.id)}
            onDeleted={() => setSelected(null)}
          />
          <WidgetSnippet widget={current} />
          {current ? <WidgetAttempts widgetId={current.id} /> : null}
        </>
      )}
    </Stack>
  );
}
