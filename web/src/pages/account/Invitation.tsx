import { useParams } from "react-router";
import { InvitationLanding } from "../../modules/team/InvitationLanding";
import * as Account from "./account-layout";

/** /invitations/:token: the link of an invitation to join an account's team. */
export function InvitationPage() {
  const { token = "" } = useParams();
  return (
    <Account.Page title="Join the Team">
      <Account.Card>
        <InvitationLanding token={token} />
      </Account.Card>
    </Account.Page>
  );
}
