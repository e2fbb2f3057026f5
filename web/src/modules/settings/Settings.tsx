import { Alert, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useCan } from "../../app/session";
import { ApiKeysTab } from "../api-keys/ApiKeysTab";
import { RoundRobinTab } from "../inbox/RoundRobinTab";
import { AvailabilityTab } from "../people/AvailabilityTab";
import { useMyForwarding, useMyWorkingHours } from "../people/hooks";
import { RolesTab } from "../team/RolesTab";
import { TeamTab } from "../team/TeamTab";
import { TextingRegistrationTab } from "../texting-registration/TextingRegistrationTab";
import { ActivityTab } from "./ActivityTab";
import { CallingTab } from "./CallingTab";
import { CompanyTab } from "./CompanyTab";
import { useCompany, useDestinationPolicy, useNotificationPreferences, useProfile } from "./hooks";
import { NotificationsTab } from "./NotificationsTab";
import { PasswordTab } from "./PasswordTab";
import { ProfileTab } from "./ProfileTab";
import { RecordingRetentionCard } from "./RecordingRetentionCard";
import { SecurityTab } from "./SecurityTab";

const tabs = [
  "profile",
  "company",
  "team",
  "roles",
  "availability",
  "calling",
  "texting",
  "password",
  "notifications",
  "inbox",
  "security",
  "activity",
  "api-keys",
] as const;
type Tab = (typeof tabs)[number];

/** What the confirmation link of an e-mail change lands with (?email=changed|invalid). */
function emailNotice(value: string | null) {
  if (value === "changed") return { color: "green", text: "Your email address has been changed." };
  if (value === "invalid") return { color: "red", text: "This confirmation link is invalid or has expired." };
  return null;
}

/**
 * Seed 001's user settings (/dashboard/settings): Profile (with avatar), Company (only when the
 * account has one), Team (members and invitations), Roles (the permission table), Availability
 * (the phone ring groups ring and one's working hours), Calling (the countries the account may
 * call and text, how long call recordings are kept), Password, Notifications, Shared inbox (round robin per number), Security, Activity (owner and admins: the
 * account's activity log) and API keys (owner and admins: keys to the public API). The tab is in the address (?tab=), so a
 * link (the admin guard's, to set up two-factor authentication) opens the right one.
 */
export function Settings() {
  const [params, setParams] = useSearchParams();
  const profile = useProfile();
  const company = useCompany();
  const notifications = useNotificationPreferences();
  const destinations = useDestinationPolicy();
  const workingHours = useMyWorkingHours();
  const forwarding = useMyForwarding();
  const hasCompany = Boolean(company.data?.company);
  const seesActivity = useCan("activity.view");
  const managesKeys = useCan("apiKeys.manage");
  const asked = params.get("tab") as Tab | null;
  const shown = (candidate: Tab) =>
    (candidate !== "company" || hasCompany) &&
    (candidate !== "activity" || seesActivity) &&
    (candidate !== "api-keys" || managesKeys);
  const tab: Tab = asked && tabs.includes(asked) && shown(asked) ? asked : "profile";
  const notice = emailNotice(params.get("email"));

  const failed = profile.error ?? company.error ?? notifications.error;
  return (
    <Stack gap="lg">
      <Title order={1}>Settings</Title>
      {notice && <Alert color={notice.color}>{notice.text}</Alert>}
      {failed && (
        <Alert color="red" title="Error">
          {failed.message}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          next.set("tab", value ?? "profile");
          next.delete("email");
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          {hasCompany && <Tabs.Tab value="company">Company</Tabs.Tab>}
          <Tabs.Tab value="team">Team</Tabs.Tab>
          <Tabs.Tab value="roles">Roles</Tabs.Tab>
          <Tabs.Tab value="availability">Availability</Tabs.Tab>
          <Tabs.Tab value="calling">Calling</Tabs.Tab>
          <Tabs.Tab value="texting">Texting registration</Tabs.Tab>
          <Tabs.Tab value="password">Password</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          <Tabs.Tab value="inbox">Shared inbox</Tabs.Tab>
          <Tabs.Tab value="security">Security</Tabs.Tab>
          {seesActivity && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
          {managesKeys && <Tabs.Tab value="api-keys">API keys</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile">
          {profile.data ? <ProfileTab profile={profile.data} /> : <Loading />}
        </Tabs.Panel>
        {company.data?.company && (
          <Tabs.Panel value="company">
            <CompanyTab company={company.data.company} canEdit={company.data.canEdit} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="team">
          <TeamTab />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab />
        </Tabs.Panel>
        <Tabs.Panel value="availability">
          {workingHours.data && forwarding.data ? (
            <AvailabilityTab hours={workingHours.data} forwardingPhone={forwarding.data.forwardingPhone} />
          ) : (
            <Loading />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="calling">
          <Stack gap="lg">
            {destinations.data ? <CallingTab policy={destinations.data} /> : <Loading />}
            <RecordingRetentionCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="texting">
          <TextingRegistrationTab />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          {notifications.data ? <NotificationsTab preferences={notifications.data} /> : <Loading />}
        </Tabs.Panel>
        <Tabs.Panel value="inbox">
          <RoundRobinTab />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab />
        </Tabs.Panel>
        {seesActivity && (
          <Tabs.Panel value="activity">
            <ActivityTab />
          </Tabs.Panel>
        )}
        {managesKeys && (
          <Tabs.Panel value="api-keys">
            <ApiKeysTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function Loading() {
  return (
    <Stack align="center" py="xl">
      <Loader size="sm" />
      <Text size="sm">Loading...</Text>
    </Stack>
  );
}
