import { Container } from "@mantine/core";
import { EditableContent } from "../../modules/admin/EditableContent";

/** /admin/editable-content/new (the seed's quick link): the list with the create form open. */
export function NewContentPage() {
  return (
    <Container size="xl" py="md">
      <EditableContent creating />
    </Container>
  );
}
