import { ActionIcon, Menu } from "@mantine/core";
import { renderTemplate, type TemplateValues } from "@poundline/domain/automations";
import { FileText } from "lucide-react";
import { useState } from "react";
import { useTextTemplates } from "./hooks";
import { TemplatesDialog } from "./TemplatesDialog";

/** Inserts one of the account's saved texts, its variables filled with what the inbox knows. */
export function TemplateMenu({
  values,
  onInsert,
}: {
  values: TemplateValues;
  onInsert: (text: string) => void;
}) {
  const templates = useTextTemplates();
  const list = templates.data?.templates ?? [];
  const [managing, setManaging] = useState(false);
  return (
    <>
      {managing ? <TemplatesDialog onClose={() => setManaging(false)} /> : null}
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="Insert a template">
            <FileText size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {list.length === 0 ? <Menu.Label>No templates yet</Menu.Label> : null}
          {list.map((template) => (
            <Menu.Item key={template.id} onClick={() => onInsert(renderTemplate(template.body, values))}>
              {template.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setManaging(true)}>Manage templates…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
