import { Button, Card, Grid, Loader, NavLink, Stack, Text, Title } from "@mantine/core";
import { ListTree, Plus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { QueryError } from "../../ui/QueryState";
import { FlowPanel } from "./FlowPanel";
import { useIvrMenus } from "./hooks";
import { MenuEditor } from "./MenuEditor";
import { TryItPanel } from "./TryItPanel";
import { VersionsPanel } from "./VersionsPanel";

/** Which menu the editor shows: none, a saved one, or a new one (seed 001's three editor states). */
type Selection = { kind: "none" } | { kind: "menu"; id: string } | { kind: "new" };

/**
 * Seed 001's IVR Menus: the menu list on the left, the editor, New Menu; below, the versions
 * (publish, history, diff, roll back), Try it and the flow diagram.
 */
export function IvrMenus() {
  const list = useIvrMenus();
  const menus = list.data?.items ?? [];
  const [selection, setSelection] = useState<Selection>({ kind: "none" });
  const editorRef = useRef<HTMLDivElement>(null);
  // The menu a Try it call is in: the diagram highlights it.
  const [currentMenuId, setCurrentMenuId] = useState<string | null>(null);
  const onCurrentMenu = useCallback((id: string | null) => setCurrentMenuId(id), []);
  const selected = selection.kind === "menu" ? (menus.find((m) => m.id === selection.id) ?? null) : null;

  const open = (id: string) => {
    setSelection({ kind: "menu", id });
    editorRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <Stack>
      <Title order={1}>IVR Menus</Title>
      <QueryError query={list} title="Error loading IVR menus" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder component="nav" aria-label="IVR menus">
            <Stack gap="xs">
              <Button
                leftSection={<Plus size={16} aria-hidden />}
                onClick={() => setSelection({ kind: "new" })}
              >
                New Menu
              </Button>
              {list.isPending ? (
                <Loader role="status" aria-label="Loading IVR menus" />
              ) : menus.length === 0 ? (
                <Text c="dimmed" ta="center" py="md">
                  No IVR Menus Yet
                </Text>
              ) : (
                menus.map((m) => (
                  <NavLink
                    key={m.id}
                    component="button"
                    type="button"
                    label={m.name}
                    description={`${m.options.length} option${m.options.length === 1 ? "" : "s"}`}
                    leftSection={<ListTree size={16} aria-hidden />}
                    active={selection.kind === "menu" && selection.id === m.id}
                    // Filled: the light variant's text is too faint on its background (axe).
                    variant="filled"
                    color="blue.9"
                    aria-current={selection.kind === "menu" && selection.id === m.id ? "true" : undefined}
                    onClick={() => open(m.id)}
                  />
                ))
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} ref={editorRef}>
          {selection.kind === "none" || (selection.kind === "menu" && !selected) ? (
            <Card withBorder>
              <Text c="dimmed">
                {menus.length === 0
                  ? "No IVR Menus Yet. Create one with New Menu."
                  : "Select a menu on the left, or create one with New Menu."}
              </Text>
            </Card>
          ) : (
            <MenuEditor
              key={selected?.id ?? "new"}
              menu={selected}
              allMenus={menus}
              onSaved={(menu) => setSelection({ kind: "menu", id: menu.id })}
              onDeleted={() => setSelection({ kind: "none" })}
              onCancel={() => setSelection({ kind: "none" })}
            />
          )}
        </Grid.Col>
      </Grid>
      <VersionsPanel />
      <TryItPanel menus={menus} onCurrentMenu={onCurrentMenu} />
      <FlowPanel menus={menus} currentMenuId={currentMenuId} onOpenMenu={open} />
    </Stack>
  );
}
