import { ActionIcon, Anchor, Button, Divider, Indicator, Popover, Stack, Text } from "@mantine/core";
import { Bell } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useBell, useMarkBellRead } from "../inbox/hooks";
import { useUnreadCounts } from "./queries";

/**
 * The bell: one's own notifications (assignments, mentions, missed calls, voicemails), then the
 * account's unread voicemails, texts and support replies, each a link. A dialog of links, not a
 * menu: its entries are places to go, read at a glance.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const { data } = useUnreadCounts();
  const { data: bell } = useBell();
  const markRead = useMarkBellRead();
  const mine = bell?.unreadCount ?? 0;
  const total = (data?.total ?? 0) + mine;
  const entries = bell?.notifications.slice(0, 8) ?? [];
  const close = () => setOpened(false);
  return (
    <Popover position="bottom-end" width={320} opened={opened} onChange={setOpened} trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Notifications (${total} unread)`}
          onClick={() => setOpened((open) => !open)}
        >
          <Indicator
            label={total > 99 ? "99+" : total}
            size={18}
            disabled={total === 0}
            color="red.9"
            offset={2}
          >
            <Bell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Notifications">
        <Stack gap="xs">
          <Text size="xs" fw={700} c="dimmed">
            For you ({mine} unread)
          </Text>
          {entries.length === 0 && <Text size="sm">Nothing for you yet</Text>}
          {entries.map((entry) => (
            <Anchor
              key={entry.id}
              component={Link}
              to={entry.link}
              size="sm"
              fw={entry.readAt === null ? 700 : 400}
              lineClamp={2}
              onClick={() => {
                if (entry.readAt === null) markRead.mutate([entry.id]);
                close();
              }}
            >
              {entry.title}
            </Anchor>
          ))}
          {mine > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={() => markRead.mutate(undefined)}>
              Mark all as read
            </Button>
          )}
          <Divider />
          <Text size="xs" fw={700} c="dimmed">
            Unread
          </Text>
          <Anchor component={Link} to="/dashboard/voicemails" size="sm" onClick={close}>
            Voicemails: {data?.voicemails ?? 0}
          </Anchor>
          <Anchor component={Link} to="/dashboard/messages" size="sm" onClick={close}>
            Text messages: {data?.texts ?? 0}
          </Anchor>
          <Anchor component={Link} to="/dashboard/support/tickets" size="sm" onClick={close}>
            Support replies: {data?.ticketReplies ?? 0}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
