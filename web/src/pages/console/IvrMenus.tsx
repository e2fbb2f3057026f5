import { Container } from "@mantine/core";
import { IvrMenus } from "../../modules/ivr/IvrMenus";

export function IvrMenusPage() {
  return (
    <Container size="xl" py="xl">
      <IvrMenus />
    </Container>
  );
}
