import { Container } from "@mantine/core";
import { useParams } from "react-router";
import { TollFreeVerification } from "../../modules/toll-free-verification/TollFreeVerification";

/** /dashboard/numbers/:numberId/toll-free-verification. */
export function TollFreeVerificationPage() {
  const { numberId = "" } = useParams();
  return (
    <Container size="md" py="xl">
      <TollFreeVerification key={numberId} numberId={numberId} />
    </Container>
  );
}
