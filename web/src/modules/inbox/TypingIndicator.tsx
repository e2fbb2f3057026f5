import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { ConversationKey } from "../../api/inbox";
import { useSession } from "../../app/session";
import { useWriters } from "./typing-store";

/** "<Name> is writing…" while another member types to this contact (heard over the live socket). */
export function TypingIndicator({ conversation }: { conversation: ConversationKey }) {
  const me = useSession().user?.id;
  const writers = useWriters(conversation.ourNumber, conversation.peerNumber);
  const [now, setNow] = useState(() => Date.now());
  const latest = writers.reduce((max, writer) => Math.max(max, writer.until), 0);
  // Redraw when the last one heard expires, so the line goes away on its own.
  useEffect(() => {
    setNow(Date.now());
    const wait = latest - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [latest]);
  const names = writers.filter((writer) => writer.userId !== me && writer.until > now).map((w) => w.name);
  return (
    <Text size="xs" c="dimmed" aria-live="polite" mih={18}>
      {names.length > 0 ? `${names.join(", ")} ${names.length > 1 ? "are" : "is"} writing…` : ""}
    </Text>
  );
}
