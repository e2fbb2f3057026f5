import { Badge, Button, Group, Menu, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { MoreHorizontal, Plus, Search } from "lucide-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AdminUser } from "../../api/admin";
import { useSession } from "../../app/session";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { toast, toastError } from "../../ui/toast";
import { AdminTable } from "./AdminTable";
import { formatWhen } from "./format";
import { useAdminApi, useAdminMutation, useAdminUsers, usePaging } from "./hooks";
import { UserFormModal } from "./UserForm";

type UserAction = "grant" | "revoke" | "disable" | "enable" | "delete";

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** What each action asks before it runs, and says when done. */
const ACTIONS: Record<
  UserAction,
  {
    title: string;
    confirm: string;
    done: string;
    error: string;
    danger: boolean;
    message: (u: AdminUser) => string;
  }
> = {
  grant: {
    title: "Make Admin",
    confirm: "Make Admin",
    done: "Admin access granted",
    error: "Error granting admin role",
    danger: false,
    message: (u) => `Give ${fullName(u)} (${u.email}) admin access to the whole platform?`,
  },
  revoke: {
    title: "Revoke Admin",
    confirm: "Revoke Admin",
    done: "Admin access revoked",
    error: "Error removing admin role",
    danger: true,
    message: (u) => `Remove admin access from ${fullName(u)} (${u.email})?`,
  },
  disable: {
    title: "Disable User",
    confirm: "Disable",
    done: "User disabled",
    error: "Error disabling user",
    danger: true,
    message: (u) =>
      `Disable ${fullName(u)} (${u.email})? They are signed out everywhere at once and cannot sign in.`,
  },
  enable: {
    title: "Enable User",
    confirm: "Enable",
    done: "User enabled",
    error: "Error enabling user",
    danger: false,
    message: (u) => `Enable ${fullName(u)} (${u.email})? They can sign in again.`,
  },
  delete: {
    title: "Delete User",
    confirm: "Delete",
    done: "User deleted",
    error: "Error deleting user",
    danger: true,
    message: (u) =>
      `Delete ${fullName(u)} (${u.email})? Their sign-in, sessions and memberships are removed; their account's data stays.`,
  },
};

function UserCell({ user }: { user: AdminUser }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {fullName(user)}
      </Text>
      <Text size="xs" c="dimmed">
        {user.email}
      </Text>
    </div>
  );
}

function AccountCell({ user }: { user: AdminUser }) {
  if (!user.companyName)
    return (
      <Text size="sm" c="dimmed">
        No account
      </Text>
    );
  return (
    <div>
      <Text size="sm">{user.companyName}</Text>
      <Text size="xs" c="dimmed">
        {user.accountStatus}
      </Text>
    </div>
  );
}

function StatusCell({ user }: { user: AdminUser }) {
  return (
    <Group gap={4}>
      {user.isAdmin && <Badge color="blue.9">Admin</Badge>}
      {user.disabledAt ? (
        <Badge color="red.9">Disabled</Badge>
      ) : user.emailConfirmed ? (
        <Badge color="teal.9" variant="outline">
          Active
        </Badge>
      ) : (
        <Badge color="gray.8" variant="outline">
          Unconfirmed
        </Badge>
      )}
    </Group>
  );
}

type Ask = (action: UserAction, user: AdminUser) => void;

/** More actions: edit, disable or enable, delete (none of them on oneself but edit). */
function MoreActionsMenu({
  user,
  self,
  onEdit,
  ask,
}: {
  user: AdminUser;
  self: boolean;
  onEdit: () => void;
  ask: Ask;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="subtle" color="gray.8" aria-label={`More actions for ${user.email}`}>
          <MoreHorizontal size={16} aria-hidden />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>Edit</Menu.Item>
        {user.disabledAt ? (
          <Menu.Item onClick={() => ask("enable", user)}>Enable</Menu.Item>
        ) : (
          <Menu.Item disabled={self} onClick={() => ask("disable", user)}>
            Disable
          </Menu.Item>
        )}
        <Menu.Item color="red.9" disabled={self} onClick={() => ask("delete", user)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function UserActions({
  user,
  self,
  onEdit,
  ask,
}: {
  user: AdminUser;
  self: boolean;
  onEdit: () => void;
  ask: Ask;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {user.isAdmin ? (
        <Button size="xs" variant="outline" color="red.9" disabled={self} onClick={() => ask("revoke", user)}>
          Revoke Admin
        </Button>
      ) : (
        <Button size="xs" variant="outline" color="blue.9" onClick={() => ask("grant", user)}>
          Make Admin
        </Button>
      )}
      <MoreActionsMenu user={user} self={self} onEdit={onEdit} ask={ask} />
    </Group>
  );
}

/** Seed 001's columns: the user, their account, status, last sign-in, actions. */
function userColumns(
  myId: string | undefined,
  onEdit: (user: AdminUser) => void,
  ask: Ask,
): DataTableColumn<AdminUser>[] {
  return [
    { accessor: "email", title: "User", render: (u) => <UserCell user={u} /> },
    { accessor: "companyName", title: "Account", render: (u) => <AccountCell user={u} /> },
    { accessor: "status", title: "Status", render: (u) => <StatusCell user={u} /> },
    {
      accessor: "lastSignInAt",
      title: "Last Sign-in",
      render: (u) => (u.lastSignInAt ? formatWhen(u.lastSignInAt) : "Never"),
    },
    {
      accessor: "actions",
      title: "Actions",
      textAlign: "right",
      render: (u) => <UserActions user={u} self={u.id === myId} onEdit={() => onEdit(u)} ask={ask} />,
    },
  ];
}

/**
 * User Management (seed 001): every user with their account, paged on the server; Make Admin /
 * Revoke Admin, add, edit, disable and delete, each confirmed and recorded in the audit log.
 */
export function UserManagement({ creating }: { creating?: boolean }) {
  const navigate = useNavigate();
  const api = useAdminApi();
  const { user: me } = useSession();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { page, setPage, query } = usePaging();
  const list = useAdminUsers(debounced, page, query);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const act = useAdminMutation(async ({ action, user }: { action: UserAction; user: AdminUser }) => {
    if (action === "grant") await api.grantAdmin(user.id);
    else if (action === "revoke") await api.revokeAdmin(user.id);
    else if (action === "delete") await api.deleteUser(user.id);
    else await api.setDisabled(user.id, action === "disable");
  });

  const confirm = () => {
    if (!pending) return;
    const { done, error } = ACTIONS[pending.action];
    act.mutate(pending, {
      onSuccess: () => {
        toast({ title: done, description: pending.user.email });
        setPending(null);
      },
      onError: (err) => {
        toastError(error, err);
        setPending(null);
      },
    });
  };

  const closeForm = () => {
    setEditing(null);
    if (creating) void navigate("/admin/user-management");
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>User Management</Title>
        <Button
          leftSection={<Plus size={16} aria-hidden />}
          onClick={() => navigate("/admin/user-management/new")}
        >
          Add User
        </Button>
      </Group>
      <TextInput
        label="Search users"
        placeholder="E-mail, name or company"
        leftSection={<Search size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <AdminTable<AdminUser>
        list={list}
        records={list.data?.users}
        errorTitle="Error fetching auth users"
        aria-label="Users"
        noRecordsText="No users found."
        page={page}
        onPageChange={setPage}
        columns={userColumns(me?.id, setEditing, (action, user) => setPending({ action, user }))}
      />
      {(creating || editing) && <UserFormModal user={editing} onClose={closeForm} />}
      {pending && (
        <ConfirmDialog
          title={ACTIONS[pending.action].title}
          message={ACTIONS[pending.action].message(pending.user)}
          confirmLabel={ACTIONS[pending.action].confirm}
          danger={ACTIONS[pending.action].danger}
          pending={act.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </Stack>
  );
}
