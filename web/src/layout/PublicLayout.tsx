import { Box } from "@mantine/core";
import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { PageLoader } from "./PageLoader";
import { MAIN_ID, SkipLink } from "./SkipLink";

/** Header, the page, footer; each page's code loads when it is first visited. */
export function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <ScrollRestoration />
      <SkipLink />
      <Header />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: "none" }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
