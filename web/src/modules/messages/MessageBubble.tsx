import { Anchor, Group, Stack, Text } from "@mantine/core";
import clsx from "clsx";
import type { ThreadMessage } from "../../api/messages";
import { useFormat } from "../../ui/time-zone";
import { AutomationBadge } from "../automations/AutomationBadge";
import { carrierErrorText, deliveryLabel, isDeliveryFailure } from "./format";
import classes from "./messages.module.css";

/** One text: its body, its media (images inline, other files as links), time and delivery status. */
export function MessageBubble({ message }: { message: ThreadMessage }) {
  const { time } = useFormat();
  const outbound = message.direction === "outbound";
  const failed = isDeliveryFailure(message.status);
  const error = carrierErrorText(message.errorCode);
  return (
    <Stack
      gap={2}
      className={clsx(classes.bubble, outbound ? classes.outbound : classes.inbound)}
      data-testid="message"
      data-status={message.status}
    >
      {message.media.map((media, i) =>
        media.contentType.startsWith("image/") ? (
          <a key={media.url} href={media.url} target="_blank" rel="noreferrer">
            <img
              className={classes.media}
              src={media.url}
              alt={`Attachment ${i + 1} of the message`}
              loading="lazy"
            />
          </a>
        ) : (
          <Anchor key={media.url} href={media.url} c="inherit" underline="always" size="sm">
            Attachment {i + 1}
            {media.contentType ? ` (${media.contentType})` : ""}
          </Anchor>
        ),
      )}
      {message.body && <Text size="sm">{message.body}</Text>}
      <Group gap={6} justify="flex-end">
        <AutomationBadge automation={message.automation} />
        <Text size="xs" c="inherit">
          {time(message.sentAt)}
        </Text>
        {outbound && (
          <Text
            size="xs"
            fw={failed ? 700 : 400}
            c="inherit"
            opacity={failed ? 1 : 0.85}
            data-testid="message-status"
          >
            {deliveryLabel(message.status)}
          </Text>
        )}
      </Group>
      {outbound && failed && error && (
        <Text size="xs" fw={600} c="inherit" data-testid="message-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
