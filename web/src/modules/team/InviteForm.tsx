import { Button, Card, Group, Select, TextInput, Title } from "@mantine/core";
import { roleLabels, roleSummaries } from "@poundline/contracts/auth/permissions";
import { invitableRoles } from "@poundline/db/enums";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { InvitableRole } from "../../api/team";
import { toast, toastError } from "../../ui/toast";
import { useTeamApi, useTeamMutation } from "./hooks";

const roleOptions = invitableRoles.map((role) => ({ value: role, label: roleLabels[role] }));

/** Invite by e-mail with a role: the link is mailed, valid 7 days. */
export function InviteForm() {
  const api = useTeamApi();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [error, setError] = useState<string | null>(null);
  const invite = useTeamMutation(api.invite);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: (invitation) => {
          setEmail("");
          toast({ title: "Invitation Sent", description: `An invitation was sent to ${invitation.email}.` });
        },
        onError: (err) => {
          if (isRefusal(err)) setError(err.firstFieldMessage());
          toastError("Invitation Failed", err);
        },
      },
    );
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Invite a Team Member
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            style={{ flex: "1 1 16rem" }}
          />
          <Select
            label="Role"
            data={roleOptions}
            value={role}
            onChange={(value) => value && setRole(value as InvitableRole)}
            allowDeselect={false}
            description={roleSummaries[role]}
            style={{ flex: "1 1 14rem" }}
          />
        </Group>
        <Button type="submit" mt="md" loading={invite.isPending}>
          Send Invitation
        </Button>
      </form>
    </Card>
  );
}
