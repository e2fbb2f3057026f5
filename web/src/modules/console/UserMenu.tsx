import { Avatar, Indicator, Menu, UnstyledButton } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { LogOut, Settings, Shield, User } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../api/errors";
import { useSession, useSignOut } from "../../app/session";
import { toast, toastError } from "../../ui/toast";
import { AvailabilityMenu, availabilityColors } from "../people/AvailabilityMenu";
import { useMyAvailability } from "../people/hooks";
import { AccountSwitcher } from "../team/AccountSwitcher";

/**
 * Seed 001's user menu: in the console Profile, Settings, Admin Panel (admins), the accounts to
 * switch between (for a member of several), Sign out; in the
 * admin area its "profile menu" with Profile Settings and Sign out.
 */
export function UserMenu({ area = "console" }: { area?: "console" | "admin" }) {
  const { user, isAdmin } = useSession();
  const availability = useMyAvailability(area === "console").data?.availability;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const initials = `${user?.firstName?.[0] ?? ""}${user?.lastName?.[0] ?? ""}`.toUpperCase() || "?";

  async function leave() {
    // The account's live toasts (calls, texts) leave with its user; queued ones would also hold
    // back the sign-out toast behind Mantine's limit.
    notifications.clean();
    // To /login first: once the session is gone, the console's guard would announce a missing one
    // (and the admin guard would send us there anyway).
    await navigate("/login");
    // mutateAsync, not mutate's callbacks: those are dropped once this menu has unmounted, which
    // leaving the console does before the answer arrives.
    try {
      await signOut.mutateAsync();
      toast({ title: "Logged out successfully" });
    } catch (err) {
      toastError("Logout Failed", err instanceof ApiError ? err.message : "An unexpected error occurred.");
    }
  }

  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <UnstyledButton aria-label={area === "admin" ? "Profile menu" : "User menu"}>
          <Indicator
            disabled={area === "admin" || !availability}
            color={availability ? availabilityColors[availability] : "gray"}
            position="bottom-end"
            offset={5}
            size={12}
            withBorder
          >
            <Avatar src={user?.avatarUrl} alt="" radius="xl" color="blue.9" variant="filled">
              {initials}
            </Avatar>
          </Indicator>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        {area === "admin" ? (
          <Menu.Item component={Link} to="/dashboard/settings" leftSection={<User size={16} aria-hidden />}>
            Profile Settings
          </Menu.Item>
        ) : (
          <>
            <Menu.Item component={Link} to="/dashboard/settings" leftSection={<User size={16} aria-hidden />}>
              Profile
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/dashboard/settings"
              leftSection={<Settings size={16} aria-hidden />}
            >
              Settings
            </Menu.Item>
            {isAdmin && (
              <Menu.Item component={Link} to="/admin" leftSection={<Shield size={16} aria-hidden />}>
                Admin Panel
              </Menu.Item>
            )}
            <AccountSwitcher />
            <Menu.Divider />
            <AvailabilityMenu />
          </>
        )}
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
