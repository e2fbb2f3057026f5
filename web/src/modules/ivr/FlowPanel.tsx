import { Card, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useMemo, useState } from "react";
import { QueryError } from "../../ui/QueryState";
import { useCallRouting } from "../call-routing/hooks";
import type { FlowInput, FlowMenu } from "./flow-graph";

// React Flow and dagre load only when the diagram is shown: a chunk of their own.
const FlowDiagram = lazy(() => import("./FlowDiagram").then((m) => ({ default: m.FlowDiagram })));

const ALL_MENUS = "all";

interface FlowPanelProps {
  menus: readonly FlowMenu[];
  /** The menu a Try it call is in. */
  currentMenuId: string | null;
  onOpenMenu: (menuId: string) => void;
}

/** The flow diagram of a number's menu tree (or of every menu), with the validator's findings. */
export function FlowPanel({ menus, currentMenuId, onOpenMenu }: FlowPanelProps) {
  const routing = useCallRouting();
  const numbers = routing.data?.numbers ?? [];
  // By default the first number that answers with a menu; else every menu.
  const firstWithMenu = numbers.find(
    (n) => n.businessHoursDestination.type === "ivr_menu" || n.afterHoursDestination.type === "ivr_menu",
  );
  const [scope, setScope] = useState<string | null>(null);
  const selected = scope ?? firstWithMenu?.numberId ?? ALL_MENUS;

  const input: FlowInput | null = useMemo(
    () =>
      routing.data
        ? {
            menus,
            extensions: routing.data.extensions,
            numbers: routing.data.numbers,
            issues: routing.data.issues,
            numberId: selected === ALL_MENUS ? null : selected,
          }
        : null,
    [routing.data, menus, selected],
  );

  return (
    <Card withBorder component="section" aria-labelledby="ivr-flow-title">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="ivr-flow-title">
            Call Flow
          </Title>
          <Select
            label="Show the menus of"
            data={[
              { value: ALL_MENUS, label: "All menus" },
              ...numbers.map((n) => ({ value: n.numberId, label: `${n.e164} ${n.friendlyName}`.trim() })),
            ]}
            value={selected}
            onChange={setScope}
            allowDeselect={false}
            w={300}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Click a menu to open it in the editor. Dashed lines are the timeout and invalid-input paths; loops
          back to an earlier menu are marked "(loop)".
        </Text>
        <QueryError query={routing} title="Error loading the call flow" />
        {input ? (
          <Suspense fallback={<Loader role="status" aria-label="Loading the diagram" />}>
            <FlowDiagram input={input} currentMenuId={currentMenuId} onOpenMenu={onOpenMenu} />
          </Suspense>
        ) : (
          !routing.isError && <Loader role="status" aria-label="Loading the call flow" />
        )}
      </Stack>
    </Card>
  );
}
