import { Button, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Phone } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { PageLoader } from "../layout/PageLoader";
import { MAIN_ID } from "../layout/SkipLink";
import { reloadForChunkError } from "./chunk-reload";

/**
 * The router's error element: a page that failed to load or to render. A chunk left behind by a
 * deploy reloads into the new build once (chunk-reload.ts); anything else, or a second failure,
 * says so with the way back. Outside the layouts (one of them may be what failed), so it is a
 * whole page of its own. Links are plain anchors: they load the page anew, new build included.
 */
export function RouteError() {
  const error = useRouteError();
  if (reloadForChunkError(error)) return <PageLoader label="Loading the new version..." />;
  const status = isRouteErrorResponse(error) ? ` (${error.status})` : "";
  return (
    <Center component="main" id={MAIN_ID} mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} w="100%">
        <Stack gap="md">
          <Group gap={8} c="blue.9">
            <Phone size={22} aria-hidden />
            <Text component="span" fw={800} fz="lg">
              Poundline
            </Text>
          </Group>
          <Title order={1} size="h2">
            Something went wrong
          </Title>
          <Text>
            This page could not be shown{status}. Reloading usually fixes it; if it does not, go back to the
            dashboard.
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button component="a" href="/dashboard" variant="default">
              Go to dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Shown while the first page of a full load fetches its code (the router's hydration fallback). */
export function HydrateFallback() {
  return <PageLoader label="Loading..." />;
}
