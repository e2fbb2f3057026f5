import { Button, Stack, Text } from "@mantine/core";
import { roleLabels } from "@poundline/contracts/auth/permissions";
import { teamMessages } from "@poundline/contracts/team/schemas";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import type { InvitationPreview } from "../../api/team";
import { useSession } from "../../app/session";
import * as Account from "../../pages/account/account-layout";
import { Loading } from "../../ui/QueryState";
import { useTeamApi } from "./hooks";
import { InvitationRegisterForm } from "./InvitationRegisterForm";

const closed = {
  expired: teamMessages.linkExpired,
  accepted: teamMessages.linkAccepted,
  revoked: teamMessages.linkRevoked,
} as const;

/** /invitations/:token: what the link offers, then Accept (signed in), Sign in, or register. */
export function InvitationLanding({ token }: { token: string }) {
  const api = useTeamApi();
  const preview = useQuery({
    queryKey: ["invitation", token],
    queryFn: ({ signal }) => api.preview(token, signal),
    retry: false,
  });
  if (preview.isPending) return <Loading text="Loading invitation..." />;
  if (preview.error || !preview.data)
    return <Account.Notice color="red">{preview.error?.message ?? teamMessages.linkInvalid}</Account.Notice>;
  const invitation = preview.data;
  return (
    <Stack gap="md">
      <Text>
        {invitation.invitedBy ? `${invitation.invitedBy} invited you` : "You are invited"} to join{" "}
        <strong>{invitation.companyName}</strong> as <strong>{roleLabels[invitation.role]}</strong>.
      </Text>
      {invitation.status === "open" ? (
        <Answer token={token} invitation={invitation} />
      ) : (
        <Account.Notice color="red">{closed[invitation.status]}</Account.Notice>
      )}
    </Stack>
  );
}

function Answer({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user } = useSession();
  const location = useLocation();
  const api = useTeamApi();
  const accept = useMutation({
    mutationFn: () => api.accept(token),
    onSuccess: () => window.location.assign("/dashboard"),
  });
  if (user && user.email !== invitation.email)
    return <Account.Notice color="red">{teamMessages.wrongUser(invitation.email)}</Account.Notice>;
  if (user)
    return (
      <Stack gap="sm">
        {accept.error && <Account.Notice color="red">{accept.error.message}</Account.Notice>}
        <Button onClick={() => accept.mutate()} loading={accept.isPending} fullWidth>
          Accept Invitation
        </Button>
      </Stack>
    );
  if (invitation.existingUser)
    return (
      <Button component={Link} to="/login" state={{ from: location.pathname }} fullWidth>
        Sign In to Accept
      </Button>
    );
  return <InvitationRegisterForm token={token} email={invitation.email} />;
}
