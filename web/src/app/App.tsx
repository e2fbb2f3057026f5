import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useEffect, useMemo } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { PageLoader } from "../layout/PageLoader";
import { routes } from "./routes";
import { useSession } from "./session";
import { useSite } from "./site-config";
import { cssVariablesResolver, themeFor } from "./theme";

const router = createBrowserRouter(routes);

export function App() {
  const status = useSession((s) => s.status);
  const variant = useSite((s) => s.variant);
  const theme = useMemo(() => themeFor(variant), [variant]);

  useEffect(() => {
    // The session check and the site settings are asked together, once per page load.
    void Promise.all([useSession.getState().load(), useSite.getState().load()]);
  }, []);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      {status === "loading" ? (
        <PageLoader label="Loading application..." />
      ) : (
        <RouterProvider router={router} />
      )}
    </MantineProvider>
  );
}
