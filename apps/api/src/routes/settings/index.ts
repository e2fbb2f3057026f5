import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { avatarImage } from "./avatar-image";
import { changeEmail } from "./change-email";
import { company } from "./company";
import { notifications } from "./notifications";
import { profile } from "./profile";
import { removeAvatar } from "./remove-avatar";
import { revokeSession } from "./revoke-session";
import { saveCompany } from "./save-company";
import { saveNotifications } from "./save-notifications";
import { saveProfile } from "./save-profile";
import { sessions } from "./sessions";
import { acceptImageUploads } from "./shared";
import { signOutEverywhere } from "./sign-out-everywhere";
import { uploadAvatar } from "./upload-avatar";

/** The stored avatars, mounted at the root: GET /media/avatars/:userId/:file. */
export const avatarRoutes = endpointRoutes(avatarImage);

/** The signed-in user's settings (seed 001, /dashboard/settings), mounted at /api/settings. */
export async function settingsRoutes(app: FastifyInstance) {
  acceptImageUploads(app);
  await app.register(
    endpointRoutes(
      profile,
      saveProfile,
      changeEmail,
      uploadAvatar,
      removeAvatar,
      company,
      saveCompany,
      notifications,
      saveNotifications,
      sessions,
      revokeSession,
      signOutEverywhere,
    ),
  );
}
