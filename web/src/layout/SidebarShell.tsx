import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { LayoutDashboard, type LucideIcon } from "lucide-react";
import { type ReactNode, Suspense, useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { SIDEBAR_BREAKPOINT_PX } from "./console-nav";
import { PageLoader } from "./PageLoader";
import { MAIN_ID, SkipLink } from "./SkipLink";

/** The sidebar's id, the navigation toggle's aria-controls. */
const SIDEBAR_ID = "sidebar-navigation";

interface SidebarShellProps {
  /** The name in the header, a link to the area's home. */
  brand: { label: string; to: string };
  /** The header's right-hand side (search, bell, menus). */
  actions: ReactNode;
  /** The sidebar's accessible name. */
  navLabel: string;
  nav: readonly { path: string; label: string }[];
  icons: Record<string, LucideIcon>;
  isActive: (itemPath: string, pathname: string) => boolean;
  /** Shown above every page (the console's trial banner). */
  beforePage?: ReactNode;
}

/**
 * The shell the console and the admin area share: header with the sidebar toggle, the sidebar
 * (open by default at SIDEBAR_BREAKPOINT_PX and wider, closed after following a link on a small
 * screen) and the page in the Outlet.
 */
export function SidebarShell({
  brand,
  actions,
  navLabel,
  nav,
  icons,
  isActive,
  beforePage,
}: SidebarShellProps) {
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
      <SkipLink />
      {/* On a phone's width the brand gives way (truncated) and the actions shrink, never the page. */}
      <AppShell.Header>
        <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {!wide && (
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label="Toggle navigation"
                aria-expanded={opened}
                aria-controls={SIDEBAR_ID}
              />
            )}
            <Text component={Link} to={brand.to} fw={700} size="lg" truncate display="block">
              {brand.label}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: 1, justifyContent: "flex-end" }}>
            {actions}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={navLabel} component="nav" id={SIDEBAR_ID}>
        <AppShell.Section grow component={ScrollArea}>
          {nav.map((item) => {
            const Icon = icons[item.path] ?? LayoutDashboard;
            const active = isActive(item.path, pathname);
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
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: "none" }}>
        {beforePage}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
