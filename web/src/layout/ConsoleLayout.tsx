import {
  BarChart3,
  Contact,
  CreditCard,
  GitBranch,
  Hash,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MapPin,
  MessageSquare,
  Phone,
  Settings,
  Shield,
  SquareCode,
  Users,
  Voicemail,
  Webhook,
} from "lucide-react";
import { useCan, useSession } from "../app/session";
import { TrialBanner } from "../modules/billing-plan/TrialBanner";
import { ConsoleSearch } from "../modules/console/ConsoleSearch";
import { NotificationBell } from "../modules/console/NotificationBell";
import { UserMenu } from "../modules/console/UserMenu";
import { useLiveConnection } from "../modules/live/useLiveConnection";
import { PhoneButton } from "../modules/softphone/components/PhoneButton";
import { useCallPresence, useSoftphoneDevice } from "../modules/softphone/hooks";
import { consoleNavFor, isNavItemActive } from "./console-nav";
import { SidebarShell } from "./SidebarShell";

const ICONS: Record<string, LucideIcon> = {
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
  "/dashboard/webhooks": Webhook,
  "/dashboard/billing": CreditCard,
  "/dashboard/settings": Settings,
  "/dashboard/support": LifeBuoy,
  "/admin": Shield,
};

/**
 * The signed-in console's shell: side navigation, header (search, phone, bell, user menu), live
 * updates, and the softphone of members who may place calls.
 */
export function ConsoleLayout() {
  const { isAdmin, account } = useSession();
  const canCall = useCan("calls.place");
  useLiveConnection();
  useSoftphoneDevice(canCall, account?.id ?? null);
  useCallPresence(canCall);

  return (
    <SidebarShell
      brand={{ label: "Poundline", to: "/dashboard" }}
      navLabel="Dashboard navigation"
      nav={consoleNavFor(isAdmin, account?.permissions ?? [])}
      icons={ICONS}
      isActive={isNavItemActive}
      beforePage={<TrialBanner />}
      actions={
        <>
          <ConsoleSearch />
          {canCall && <PhoneButton />}
          <NotificationBell />
          <UserMenu />
        </>
      }
    />
  );
}
