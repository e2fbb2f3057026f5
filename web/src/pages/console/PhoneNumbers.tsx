import { Container, Stack } from "@mantine/core";
import { PhoneNumbers } from "../../modules/numbers/PhoneNumbers";
import { PortInRequests } from "../../modules/porting/PortInRequests";
import { VerifiedNumbers } from "../../modules/verified-numbers/VerifiedNumbers";

export function PhoneNumbersPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <PhoneNumbers />
        <PortInRequests />
        <VerifiedNumbers />
      </Stack>
    </Container>
  );
}
