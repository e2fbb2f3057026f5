import { Select, Textarea, TextInput } from "@mantine/core";
import { createContentBodySchema } from "@poundline/contracts/admin/schemas";
import { contentTypes } from "@poundline/db/enums";
import type { ContentEntry } from "../../api/admin";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { AdminFormModal } from "./AdminFormModal";
import { useAdminApi, useAdminMutation } from "./hooks";

interface ContentFormValues extends Record<string, unknown> {
  contentKey: string;
  contentType: string;
  contentValue: string;
  pageSlug: string;
  description: string;
}

const valuesOf = (entry: ContentEntry | null): ContentFormValues => ({
  contentKey: entry?.contentKey ?? "",
  contentType: entry?.contentType ?? "text",
  contentValue: entry?.contentValue ?? "",
  pageSlug: entry?.pageSlug ?? "",
  description: entry?.description ?? "",
});

/** Create or edit an entry: the key is required, and locked once created (seed 001). */
export function ContentFormModal({ entry, onClose }: { entry: ContentEntry | null; onClose: () => void }) {
  const api = useAdminApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createContentBodySchema,
    initialValues: valuesOf(entry),
  });
  // The public pages' texts (["content", ...]) are read again at once.
  const save = useAdminMutation(
    (body: ContentFormValues) => {
      const fields = {
        contentType: body.contentType as ContentEntry["contentType"],
        contentValue: body.contentValue,
        pageSlug: body.pageSlug || null,
        description: body.description || null,
      };
      return entry
        ? api.updateContent(entry.id, fields)
        : api.createContent({ ...fields, contentKey: body.contentKey });
    },
    [["content"]],
  );
  const type = form.getValues().contentType;

  const submit = onSubmit(
    () =>
      save.mutate(form.getValues(), {
        onSuccess: (saved) => {
          toast({ title: "Content Saved", description: saved.contentKey });
          onClose();
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Error saving content", error);
        },
      }),
    (errors) => toastError("Error saving content", Object.values(errors)[0]),
  );

  return (
    <AdminFormModal
      title={entry ? "Edit Content" : "Add Content"}
      submitLabel={entry ? "Save Changes" : "Create Content"}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Content Key"
        withAsterisk
        disabled={Boolean(entry)}
        description={
          entry
            ? "The key cannot be changed after creation."
            : "Lower-case letters, digits and _ (e.g. homepage_hero_title)."
        }
        data-autofocus={entry ? undefined : true}
        {...form.getInputProps("contentKey")}
      />
      <Select
        label="Content Type"
        withAsterisk
        data={[...contentTypes]}
        allowDeselect={false}
        {...form.getInputProps("contentType")}
      />
      {type === "text" || type === "image_url" ? (
        <TextInput
          label="Content Value"
          description={
            type === "image_url" ? "An http(s) URL of an image, or a path on this site." : undefined
          }
          {...form.getInputProps("contentValue")}
        />
      ) : (
        <Textarea
          label="Content Value"
          description={type === "json" ? "Must be valid JSON." : undefined}
          autosize
          minRows={4}
          maxRows={14}
          ff={type === "json" ? "monospace" : undefined}
          {...form.getInputProps("contentValue")}
        />
      )}
      <TextInput
        label="Page Slug"
        description="The page that uses it (optional)."
        {...form.getInputProps("pageSlug")}
      />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
    </AdminFormModal>
  );
}
