import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
// The tables' own layout (empty state over the body, sticky header): once, for every DataTable.
import "mantine-datatable/styles.css";
import "./datatable-fixes.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createApiClient } from "../api/client";
import { ApiProvider } from "../api/context";
import { PageLoader } from "../layout/PageLoader";
import { clearAfterSuccessfulNavigation } from "./chunk-reload";
import { createQueryClient } from "./query-client";
import { routes } from "./routes";
import { useSessionQuery } from "./session";
import { useSiteVariant } from "./site-config";
import { cssVariablesResolver, themeFor } from "./theme";

// Made once, at load: a router listens to the browser's history from the moment it is created.
const router = createBrowserRouter(routes);
clearAfterSuccessfulNavigation(router);

/** The theme of the site's variant, then the pages once the session check has answered. */
function Shell() {
  // Both reads start together, once per page load.
  const session = useSessionQuery();
  const variant = useSiteVariant();
  const theme = useMemo(() => themeFor(variant), [variant]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      {session.isPending ? <PageLoader label="Loading application..." /> : <RouterProvider router={router} />}
    </MantineProvider>
  );
}

export function App() {
  const [api] = useState(() => createApiClient((url, init) => fetch(url, init)));
  const [queryClient] = useState(createQueryClient);
  return (
    <ApiProvider value={api}>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </ApiProvider>
  );
}
