import { AppError } from "@poundline/contracts/errors";
import { IVR_MESSAGES, TRY_MESSAGES, VERSION_MESSAGES } from "@poundline/contracts/ivr/schemas";
import { type Database, liveIvrVersion, readIvrDraft } from "@poundline/db";
import { refusedByValidator } from "@poundline/modules/call-routing/refusal";
import { greetingRecordingInUse, type MenuSaveResult } from "@poundline/modules/ivr/menus";
import type { TryStepResult } from "@poundline/modules/ivr/try-calls";
import { findVersion, type PublishResult } from "@poundline/modules/ivr/versions";
import type { FastifyRequest } from "fastify";
import { ivrGreetingAudio, removeUploadedAudio, uploadedAudioKeyOf } from "../../http/uploaded-audio";

export const menuNotFound = () => new AppError("NOT_FOUND", IVR_MESSAGES.notFound);
export const versionNotFound = () => new AppError("NOT_FOUND", VERSION_MESSAGES.notFound);

/** A greeting replaced or deleted goes from the storage, unless a menu or published version still plays it. */
export async function removeUnusedGreeting(request: FastifyRequest, accountId: string, url: string | null) {
  if (!url || (await greetingRecordingInUse(request.server.deps.db.db, accountId, url))) return;
  await removeUploadedAudio(
    request.server.deps,
    request.log,
    uploadedAudioKeyOf(ivrGreetingAudio, accountId, url),
  );
}

export function saved(result: MenuSaveResult) {
  if (result.ok) return result.menu;
  switch (result.reason) {
    case "not_found":
      throw menuNotFound();
    case "invalid":
      throw new AppError(
        "BAD_REQUEST",
        Object.values(result.fields)[0]?.[0] ?? "Invalid menu.",
        result.fields,
      );
    case "refused":
      throw refusedByValidator(result.issues);
  }
}

export function published(result: PublishResult) {
  if (result.ok) return { id: result.id, version: result.version };
  switch (result.reason) {
    case "not_found":
      throw versionNotFound();
    case "nothing_to_publish":
      throw new AppError("CONFLICT", VERSION_MESSAGES.nothingToPublish, { reasons: [] });
    case "refused":
      throw new AppError("CONFLICT", result.reasons[0] ?? "This version would route calls at nothing.", {
        reasons: result.reasons,
      });
  }
}

/** One side of a diff: a version of the account, its draft, or its live version (none: no menus). */
export async function sideOf(db: Database, accountId: string, ref: string) {
  if (ref === "draft")
    return { ref, versionId: null, version: null, snapshot: await readIvrDraft(db, accountId) };
  if (ref === "live") {
    const live = await liveIvrVersion(db, accountId);
    return {
      ref,
      versionId: live?.id ?? null,
      version: live?.version ?? null,
      snapshot: live?.snapshot ?? { menus: [] },
    };
  }
  const version = await findVersion(db, accountId, ref);
  if (!version) throw versionNotFound();
  return { ref, versionId: version.id, version: version.version, snapshot: version.snapshot };
}

export function stepped(result: TryStepResult) {
  if (result.ok) return result.view;
  switch (result.reason) {
    case "not_found":
      throw new AppError("NOT_FOUND", TRY_MESSAGES.notFound);
    case "ended":
      throw new AppError("CONFLICT", TRY_MESSAGES.ended);
    case "too_many_keys":
      throw new AppError("CONFLICT", TRY_MESSAGES.tooManyKeys);
  }
}
