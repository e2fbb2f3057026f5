import { PasswordInput, SimpleGrid, TextInput } from "@mantine/core";
import { createUserBodySchema, updateUserBodySchema } from "@poundline/contracts/admin/schemas";
import type { AdminUser } from "../../api/admin";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { AdminFormModal } from "./AdminFormModal";
import { useAdminApi, useAdminMutation } from "./hooks";

interface UserFormValues extends Record<string, unknown> {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  companyName: string;
}

/** Add a user (with a first password and optionally a new account), or edit one's name and e-mail. */
export function UserFormModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const api = useAdminApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: user ? updateUserBodySchema : createUserBodySchema,
    initialValues: {
      email: user?.email ?? "",
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      password: "",
      companyName: "",
    } satisfies UserFormValues,
    // An edit sends the name and e-mail only.
    toBody: ({ password, companyName, ...rest }) => (user ? rest : { ...rest, password, companyName }),
  });
  const save = useAdminMutation((values: UserFormValues) => {
    const { password, companyName, ...fields } = values;
    return user ? api.updateUser(user.id, fields) : api.createUser({ ...fields, password, companyName });
  });

  const submit = onSubmit(
    () =>
      save.mutate(form.getValues(), {
        onSuccess: (saved) => {
          toast({ title: user ? "User Updated" : "User Created", description: saved.email });
          onClose();
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Error saving user", error);
        },
      }),
    (errors) => toastError("Error saving user", Object.values(errors)[0]),
  );

  return (
    <AdminFormModal
      title={user ? "Edit User" : "Add User"}
      submitLabel={user ? "Save Changes" : "Create User"}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" withAsterisk data-autofocus {...form.getInputProps("firstName")} />
        <TextInput label="Last Name" withAsterisk {...form.getInputProps("lastName")} />
      </SimpleGrid>
      <TextInput label="Email" type="email" withAsterisk {...form.getInputProps("email")} />
      {!user && (
        <>
          <PasswordInput
            label="Password"
            withAsterisk
            description="At least 8 characters; give it to the user, who can change it in Settings."
            autoComplete="new-password"
            {...form.getInputProps("password")}
          />
          <TextInput
            label="Company"
            description="Creates a new account on a free trial, owned by this user (optional)."
            {...form.getInputProps("companyName")}
          />
        </>
      )}
    </AdminFormModal>
  );
}
