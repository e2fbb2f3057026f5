import { Container } from "@mantine/core";
import { Contacts } from "../../modules/contacts/Contacts";

export function ContactsPage() {
  return (
    <Container component="main" size="xl" py="xl">
      <Contacts />
    </Container>
  );
}
