import {
  AppShell,
  Avatar,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import {
  ClipboardList,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Mail,
  RotateCcw,
  User,
  Users,
} from "lucide-react";
import { Suspense, useEffect } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { ApiError } from "../api/errors";
import { useSession, useSignOut } from "../app/session";
import { toast } from "../lib/toast";
import { ADMIN_NAV, isAdminNavItemActive } from "./admin-nav";
import { SIDEBAR_BREAKPOINT_PX } from "./console-nav";
import { PageLoader } from "./PageLoader";

const ICONS: Record<string, typeof User> = {
  "/admin": LayoutDashboard,
  "/admin/editable-content": FileText,
  "/admin/support-tickets": LifeBuoy,
  "/admin/user-management": Users,
  "/admin/requests": Inbox,
  "/admin/emails": Mail,
  "/admin/failed-jobs": RotateCcw,
  "/admin/audit-log": History,
};

/** Seed 001's admin profile menu: Profile Settings and Sign out. */
function AdminProfileMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const initials = `${user?.firstName?.[0] ?? ""}${user?.lastName?.[0] ?? ""}`.toUpperCase() || "?";

  async function leave() {
    // To /login first: once the session is gone, the admin guard would send us there anyway.
    await navigate("/login");
    try {
      await signOut.mutateAsync();
      toast({ title: "Logged out successfully" });
    } catch (err) {
      toast({
        title: "Logout Failed",
        description: err instanceof ApiError ? err.message : "An unexpected error occurred.",
        variant: "destructive",
      });
    }
  }

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label="Profile menu">
          <Avatar radius="xl" color="blue.9" variant="filled">
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/dashboard/settings" leftSection={<User size={16} aria-hidden />}>
          Profile Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          onClick={leave}
          leftSection={<LogOut size={16} aria-hidden />}
          disabled={signOut.isPending}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The admin area's shell (seed 001): header with the sidebar toggle, a link to the user dashboard
 * and the profile menu; the sidebar, open by default at 1024 px and wider. Pages render in the
 * Outlet; the guard in front (RequireAdmin) keeps non-admins out.
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`, true);
  const [opened, { toggle, close }] = useDisclosure(false);
  // On a small screen, following a link closes the sidebar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: `${SIDEBAR_BREAKPOINT_PX / 16}em`, collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle navigation" />}
            <Text component={Link} to="/admin" fw={700} size="lg">
              Poundline Admin
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button
              component={Link}
              to="/dashboard"
              variant="default"
              leftSection={<ClipboardList size={16} aria-hidden />}
            >
              User Dashboard
            </Button>
            <AdminProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Admin navigation" component="nav">
        <AppShell.Section grow component={ScrollArea}>
          {ADMIN_NAV.map((item) => {
            const Icon = ICONS[item.path] ?? LayoutDashboard;
            const active = isAdminNavItemActive(item.path, pathname);
            return (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={item.label}
                leftSection={<Icon size={18} aria-hidden />}
                active={active}
                color="blue.9"
                variant="filled"
                aria-current={active ? "page" : undefined}
              />
            );
          })}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
