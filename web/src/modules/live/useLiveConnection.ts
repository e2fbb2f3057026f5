import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionKey } from "../../app/session";
import { toast } from "../../ui/toast";
import { recordTyping } from "../inbox/typing-store";
import { createLiveConnection } from "./connection";
import { CATCH_UP_KEYS, liveUrl, staleKeysOf, toastOf } from "./events";
import { recordCallEvent, resetLiveCalls, setLiveStatus } from "./store";

/** Started by the console's layout: live events invalidate the lists they change and raise toasts. */
export function useLiveConnection() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const connection = createLiveConnection({
      url: liveUrl(window.location),
      onFrame(frame) {
        if (frame.type === "call.updated") recordCallEvent(frame);
        if (frame.type === "inbox.typing") recordTyping(frame, Date.now());
        for (const queryKey of staleKeysOf(frame)) void queryClient.invalidateQueries({ queryKey });
        const notice = toastOf(frame);
        // Bottom right: live alerts stay clear of the page's own header and controls.
        if (notice) toast({ ...notice, position: "bottom-right" });
      },
      onReconnect() {
        for (const queryKey of CATCH_UP_KEYS) void queryClient.invalidateQueries({ queryKey });
      },
      onStatus: setLiveStatus,
      // Signed out elsewhere or expired: the session check answers, and the guard sends to /login.
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionKey }),
    });
    connection.start();
    return () => {
      connection.stop();
      resetLiveCalls();
    };
  }, [queryClient]);
}
