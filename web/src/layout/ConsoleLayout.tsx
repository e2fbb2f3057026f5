import { Outlet } from "react-router";

/** The signed-in console's shell (side navigation, header, user menu): issue 10, part 1. */
export function ConsoleLayout() {
  return <Outlet />;
}
