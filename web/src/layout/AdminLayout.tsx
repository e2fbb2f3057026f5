import { ActionIcon, Button } from "@mantine/core";
import {
  ClipboardList,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Mail,
  PhoneIncoming,
  RotateCcw,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { UserMenu } from "../modules/console/UserMenu";
import { ADMIN_NAV, isAdminNavItemActive } from "./admin-nav";
import { SidebarShell } from "./SidebarShell";

const ICONS: Record<string, LucideIcon> = {
  "/admin": LayoutDashboard,
  "/admin/editable-content": FileText,
  "/admin/support-tickets": LifeBuoy,
  "/admin/user-management": Users,
  "/admin/requests": Inbox,
  "/admin/emails": Mail,
  "/admin/porting": PhoneIncoming,
  "/admin/failed-jobs": RotateCcw,
  "/admin/audit-log": History,
};

/**
 * The admin area's shell (seed 001): header with the sidebar toggle, a link to the user dashboard
 * and the profile menu; the sidebar, open by default at 1024 px and wider. Pages render in the
 * Outlet; the guard in front (RequireAdmin) keeps non-admins out.
 */
export function AdminLayout() {
  return (
    <SidebarShell
      brand={{ label: "Poundline Admin", to: "/admin" }}
      navLabel="Admin navigation"
      nav={ADMIN_NAV}
      icons={ICONS}
      isActive={isAdminNavItemActive}
      actions={
        <>
          <Button
            component={Link}
            to="/dashboard"
            variant="default"
            leftSection={<ClipboardList size={16} aria-hidden />}
            visibleFrom="sm"
          >
            User Dashboard
          </Button>
          {/* A phone's width: the same link as an icon, so the header fits. */}
          <ActionIcon
            component={Link}
            to="/dashboard"
            variant="default"
            size="lg"
            aria-label="User Dashboard"
            hiddenFrom="sm"
          >
            <ClipboardList size={16} aria-hidden />
          </ActionIcon>
          <UserMenu area="admin" />
        </>
      }
    />
  );
}
