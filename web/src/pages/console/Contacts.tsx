import { Container } from "@mantine/core";
import { Contacts } from "../../modules/contacts/Contacts";

export function ContactsPage() {
  return (
    <Container size="xl" py="xl">
      <Contacts />
    </Container>
  );
}
