import { endpointRoutes } from "../../../http/contract-route";
import { disable } from "./disable";
import { enable } from "./enable";
import { recoveryCodes } from "./recovery-codes";
import { setup } from "./setup";
import { status } from "./status";
import { verify } from "./verify";

/** Two-factor authentication, mounted at /api/auth/two-factor: one file per endpoint. */
export const twoFactorRoutes = endpointRoutes(verify, status, setup, enable, disable, recoveryCodes);
