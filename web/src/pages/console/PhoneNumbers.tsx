import { Container } from "@mantine/core";
import { PhoneNumbers } from "../../modules/numbers/PhoneNumbers";

export function PhoneNumbersPage() {
  return (
    <Container component="main" size="xl" py="xl">
      <PhoneNumbers />
    </Container>
  );
}
