import { ActionIcon, Indicator, Menu } from "@mantine/core";
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { useUnreadCounts } from "./queries";

/** The bell: the real count of unread voicemails, texts and support replies, each a link. */
export function NotificationBell() {
  const { data } = useUnreadCounts();
  const total = data?.total ?? 0;
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`Notifications (${total} unread)`}>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Unread</Menu.Label>
        <Menu.Item component={Link} to="/dashboard/voicemails">
          Voicemails: {data?.voicemails ?? 0}
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/messages">
          Text messages: {data?.texts ?? 0}
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/support/tickets">
          Support replies: {data?.ticketReplies ?? 0}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
