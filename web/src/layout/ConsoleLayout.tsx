import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import {
  BarChart3,
  Contact,
  CreditCard,
  GitBranch,
  Hash,
  History,
  LayoutDashboard,
  LifeBuoy,
  MapPin,
  MessageSquare,
  Phone,
  Settings,
  Shield,
  SquareCode,
  Users,
  Voicemail,
} from "lucide-react";
import { Suspense, useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { useSession } from "../app/session";
import { TrialBanner } from "../modules/billing-plan/TrialBanner";
import { ConsoleSearch } from "../modules/console/ConsoleSearch";
import { NotificationBell } from "../modules/console/NotificationBell";
import { UserMenu } from "../modules/console/UserMenu";
import { useLiveConnection } from "../modules/live/useLiveConnection";
import { CONSOLE_NAV, isNavItemActive, SIDEBAR_BREAKPOINT_PX } from "./console-nav";
import { PageLoader } from "./PageLoader";

const ICONS: Record<string, typeof Phone> = {
  "/dashboard": LayoutDashboard,
  "/dashboard/contacts": Contact,
  "/dashboard/call-history": History,
  "/dashboard/messages": MessageSquare,
  "/dashboard/voicemails": Voicemail,
  "/dashboard/numbers": Hash,
  "/dashboard/call-routing": GitBranch,
  "/dashboard/geo-routing": MapPin,
  "/dashboard/ivr-menus": Phone,
  "/dashboard/extensions": Users,
  "/dashboard/analytics": BarChart3,
  "/dashboard/widgets": SquareCode,
  "/dashboard/billing": CreditCard,
  "/dashboard/settings": Settings,
  "/dashboard/support": LifeBuoy,
  "/admin": Shield,
};

/** The signed-in console's shell: side navigation, header (search, bell, user menu), live updates. */
export function ConsoleLayout() {
  const { isAdmin } = useSession();
  const { pathname } = useLocation();
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`, true);
  const [opened, { toggle, close }] = useDisclosure(false);
  useLiveConnection();
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
            <Text component={Link} to="/dashboard" fw={700} size="lg">
              Poundline
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flex: 1, justifyContent: "flex-end" }}>
            <ConsoleSearch />
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Dashboard navigation" component="nav">
        <AppShell.Section grow component={ScrollArea}>
          {CONSOLE_NAV.filter((item) => !item.adminOnly || isAdmin).map((item) => {
            const Icon = ICONS[item.path] ?? LayoutDashboard;
            const active = isNavItemActive(item.path, pathname);
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
        <TrialBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
