import { Menu } from "@mantine/core";
import { roleLabels } from "@poundline/contracts/auth/permissions";
import { Building2, Check } from "lucide-react";
import { toastError } from "../../ui/toast";
import { useMyAccounts, useTeamApi } from "./hooks";

/**
 * The user menu's accounts, for someone who belongs to several: choosing one moves this session
 * to it. The page loads afresh, so every list, the live socket and the menu read the new account.
 */
export function AccountSwitcher() {
  const api = useTeamApi();
  const accounts = useMyAccounts();
  const items = accounts.data?.items ?? [];
  if (items.length < 2) return null;

  async function switchTo(accountId: string) {
    try {
      await api.switchAccount(accountId);
      window.location.assign("/dashboard");
    } catch (err) {
      toastError("Account Not Switched", err instanceof Error ? err : undefined);
    }
  }

  return (
    <>
      <Menu.Divider />
      <Menu.Label>Switch account</Menu.Label>
      {items.map((account) => (
        <Menu.Item
          key={account.id}
          onClick={() => !account.current && switchTo(account.id)}
          leftSection={
            account.current ? <Check size={16} aria-hidden /> : <Building2 size={16} aria-hidden />
          }
          aria-current={account.current ? "true" : undefined}
        >
          {account.companyName} ({roleLabels[account.role]})
        </Menu.Item>
      ))}
    </>
  );
}
