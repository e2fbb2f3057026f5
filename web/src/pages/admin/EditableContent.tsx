import { Container } from "@mantine/core";
import { EditableContent } from "../../modules/admin/EditableContent";

export function EditableContentPage() {
  return (
    <Container size="xl" py="md">
      <EditableContent />
    </Container>
  );
}
