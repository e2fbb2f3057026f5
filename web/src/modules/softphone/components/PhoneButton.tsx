import { Button, Drawer, Indicator } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Phone } from "lucide-react";
import { lazy, Suspense } from "react";
import { PageLoader } from "../../../layout/PageLoader";
import { closePanel, isLive, openPanel, useSoftphoneStore } from "../store";
import { IncomingCallPanel } from "./IncomingCallPanel";

// The dialer's form brings the contracts' schemas (zod): loaded when the panel first opens.
const SoftphonePanel = lazy(() => import("./SoftphonePanel").then((m) => ({ default: m.SoftphonePanel })));

/** The header's Phone button, the softphone's panel it opens, and the incoming-call panel of every page. */
export function PhoneButton() {
  const opened = useSoftphoneStore((state) => state.panelOpen);
  const ready = useSoftphoneStore((state) => state.status === "ready");
  const onCall = useSoftphoneStore((state) => isLive(state.current));
  const wide = useMediaQuery("(min-width: 36em)", true);
  return (
    <>
      <Indicator color={onCall ? "red.8" : "green.8"} disabled={!ready && !onCall} size={10} offset={4}>
        <Button
          variant="subtle"
          size="compact-md"
          px={wide ? "xs" : 6}
          aria-label="Phone"
          aria-expanded={opened}
          leftSection={<Phone size={18} aria-hidden />}
          onClick={opened ? closePanel : openPanel}
        >
          {wide ? "Phone" : null}
        </Button>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={closePanel}
        position="right"
        size={wide ? "md" : "100%"}
        title="Phone"
        closeButtonProps={{ "aria-label": "Close the phone" }}
      >
        <Suspense fallback={<PageLoader />}>{opened && <SoftphonePanel />}</Suspense>
      </Drawer>
      <IncomingCallPanel />
    </>
  );
}
