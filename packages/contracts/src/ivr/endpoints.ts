import { IVR_DEFAULTS } from "@poundline/domain/ivr";
import { TRY_LIMITS } from "@poundline/domain/try-call";
import { z } from "zod";
import { endpoint, errors } from "../endpoint";
import {
  ivrDiffQuerySchema,
  ivrDiffSchema,
  ivrDraftStatusSchema,
  ivrMenuBodySchema,
  ivrMenuListSchema,
  ivrMenuParamsSchema,
  ivrMenuSchema,
  ivrPublishBodySchema,
  ivrPublishedSchema,
  ivrTryBodySchema,
  ivrTryKeysBodySchema,
  ivrTryParamsSchema,
  ivrTrySchema,
  ivrVersionListSchema,
  ivrVersionParamsSchema,
  ivrVersionSchema,
  ivrVoicesSchema,
} from "./schemas";

const noContent = z.null().describe("No content");

const TRY_MINUTES = TRY_LIMITS.ttlMs / 60_000;

const DRAFT = [
  "The menus edited here are the account's **draft**: saving changes nothing calls hear. Calls follow",
  "the account's **live version**, a snapshot of all its menus and their options that Publish takes",
  "(`POST /api/ivr-menus/publish`); the routing tables compile that snapshot, never the draft.",
].join("\n");

const { greetingVoice: DEFAULT_VOICE, greetingLanguage: DEFAULT_LANGUAGE } = IVR_DEFAULTS;

const VOICE = [
  `\`greetingVoice\` (default \`${DEFAULT_VOICE}\`) and \`greetingLanguage\` (default`,
  `\`${DEFAULT_LANGUAGE}\`: what \`<Say>\` spoke before voices could be chosen) must be among those`,
  "`GET /api/ivr-menus/voices` lists, else 400 with `Choose a voice from the list.` or `Choose a",
  "language from the list.`. The greeting's `<Say>` carries the voice and language unless they are",
  "the defaults, so the TwiML of a menu that never chose one is unchanged; prefaces and other",
  "prompts keep the default voice.",
].join("\n");

const NOT_YET_PUBLISHED = [
  "A number's destination is not versioned: a number pointed at a menu that is only in the draft",
  "sends its calls to voicemail until the menu is published (publish refuses nothing for it, and the",
  "number is fine once it is).",
].join("\n");

const PUBLISH_REFUSED = [
  "Refused with **409** when a destination would point at nothing (a number's destination, a menu's",
  "option, timeout or invalid-input destination, a geo rule's menu): the message is the first",
  "reason, and `error.fields.reasons` lists them all. Menus no call can reach are warnings and",
  "refuse nothing.",
].join("\n");

const TRY_CALL = [
  "The call is placed by a carrier simulator into our own voice webhook (`/twilio/voice/try`, signed",
  "like the carrier's requests), then walks the same gather webhook, call flow and TwiML as a real",
  "call. **With a real carrier configured, Try it still uses the simulator**: nothing reaches the",
  "carrier. The webhook's URL carries an unguessable token, valid only for that account's try, for",
  `${TRY_MINUTES} minutes.`,
  "",
  "`heard` is what the caller heard, in order: `say` (`text`; `voice` and `language` unless the",
  "defaults), `play` (`url`), `pause` (`seconds`), `dial` (`text`: the numbers rung), `record`,",
  "`queue`, `hangup`. `node` is where the call is: `menu` (`menuId`, waiting for a key), or where it",
  "ended: `extension` (`id`; also what the operator option rings), `forward`, `ring_group`,",
  "`voicemail`, `hangup`, `error` (`detail`). The call ends (`ended: true`) where it would ring",
  "someone, record or hang up: no phone rings, no voicemail is left, no call log or charge is written.",
].join("\n");

const TRY_NOT_FOUND = [
  `404 for an unknown try, an expired one (after ${TRY_MINUTES} minutes), one hung up, or one of`,
  "another account or another signed-in session: only the session that started a try can drive it.",
].join("\n");

const GREETING_UPLOAD = "The recording's URL is set by an upload only, never by the body of a save.";

/** IVR menus: the account's draft menus, their published versions, and Try it. */
export const ivrEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/ivr-menus",
    summary: "The account's draft menus",
    description: DRAFT,
    access: "account",
    publicApi: { scope: "routing" },
    responses: { 200: ivrMenuListSchema, ...errors(401, 403) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/ivr-menus",
    summary: "Add a menu to the draft",
    description: [DRAFT, NOT_YET_PUBLISHED, VOICE].join("\n\n"),
    access: "account",
    permission: "ivr.edit",
    body: ivrMenuBodySchema,
    responses: { 201: ivrMenuSchema, ...errors(400, 401, 403) },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/ivr-menus/:id",
    summary: "One draft menu",
    description: DRAFT,
    access: "account",
    publicApi: { scope: "routing" },
    params: ivrMenuParamsSchema,
    responses: { 200: ivrMenuSchema, ...errors(400, 401, 403, 404) },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/ivr-menus/:id",
    summary: "Replace a draft menu",
    description: [DRAFT, VOICE].join("\n\n"),
    access: "account",
    permission: "ivr.edit",
    params: ivrMenuParamsSchema,
    body: ivrMenuBodySchema,
    responses: { 200: ivrMenuSchema, ...errors(400, 401, 403, 404) },
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/ivr-menus/:id",
    summary: "Remove a draft menu nothing else routes to",
    description: [
      "Refused with 409, naming them in `usedBy`, while a number, a geo rule or another draft menu",
      "points at the menu. Otherwise it leaves the draft only: the live version keeps the menu until",
      "the next publish, so calls still reach it until then.",
    ].join("\n"),
    access: "account",
    permission: "ivr.edit",
    params: ivrMenuParamsSchema,
    responses: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
  }),
  uploadGreeting: endpoint({
    method: "POST",
    path: "/api/ivr-menus/:id/greeting",
    summary: "Make an uploaded recording a menu's greeting",
    description: [DRAFT, GREETING_UPLOAD].join("\n\n"),
    access: "account",
    permission: "ivr.edit",
    params: ivrMenuParamsSchema,
    upload: { raw: "application/octet-stream", description: "The recording's bytes (MP3, WAV or AIFF)" },
    responses: { 200: ivrMenuSchema, ...errors(400, 401, 403, 404, 413) },
  }),
  voices: endpoint({
    method: "GET",
    path: "/api/ivr-menus/voices",
    summary: "The text-to-speech voices, the languages each speaks, and the defaults",
    description: [
      "The voices are the names the carrier's TwiML schema accepts (`man`, `woman` and the classic",
      "Amazon Polly voices, `Polly.<Name>`), spelled as the carrier's library spells them; Google and",
      "neural voices fall outside the schema's pattern. The languages are the library's `SayLanguage`",
      "codes (the schema leaves `language` free), each with its name. Neither source says which",
      "language each voice speaks, so every voice lists every language. `defaults` is what a menu",
      "speaks with when it chose neither.",
    ].join("\n"),
    access: "account",
    responses: { 200: ivrVoicesSchema, ...errors(401, 403) },
  }),
  draft: endpoint({
    method: "GET",
    path: "/api/ivr-menus/draft",
    summary: "Whether the draft differs from the live version",
    description: [
      "`hasUnpublishedChanges`: the draft differs from the live snapshot; an account that never",
      "published and has menus has unpublished changes. `liveVersionId` and `liveVersion` are null",
      "until the first publish.",
    ].join("\n"),
    access: "account",
    responses: { 200: ivrDraftStatusSchema, ...errors(401, 403) },
  }),
  versions: endpoint({
    method: "GET",
    path: "/api/ivr-menus/versions",
    summary: "The published versions, newest first",
    description: [
      "Newest first; `live` marks the version calls follow. `publishedBy` is null for version 1, which",
      "the migration back-filled, and for the demo seed's.",
    ].join("\n"),
    access: "account",
    publicApi: { scope: "routing" },
    responses: { 200: ivrVersionListSchema, ...errors(401, 403) },
  }),
  diff: endpoint({
    method: "GET",
    path: "/api/ivr-menus/versions/diff",
    summary: "What changes between two versions, the draft or the live one",
    description: [
      "`from` and `to` are each a version id, `draft` or `live` (`live` with nothing published: no",
      "menus). Only the menus that changed are listed, each `added`, `removed` or `changed`, with its",
      "changed fields and options and `summary` lines for people, e.g. `Timeout (seconds) changed from",
      '10 to 15`, `Key 2 changed: extension 101 Front Desk → voicemail`, `Menu "Sales" added`.',
    ].join("\n"),
    access: "account",
    query: ivrDiffQuerySchema,
    responses: { 200: ivrDiffSchema, ...errors(400, 401, 403, 404) },
  }),
  version: endpoint({
    method: "GET",
    path: "/api/ivr-menus/versions/:id",
    summary: "One published version and its menus",
    description: [
      "Its `snapshot` holds every menu of the account as published, with its options. Menu ids are the",
      "draft's: a menu keeps its id across versions.",
    ].join("\n"),
    access: "account",
    publicApi: { scope: "routing" },
    params: ivrVersionParamsSchema,
    responses: { 200: ivrVersionSchema, ...errors(400, 401, 403, 404) },
  }),
  publish: endpoint({
    method: "POST",
    path: "/api/ivr-menus/publish",
    summary: "Publish the draft: calls follow it from now on",
    description: [
      [
        "Snapshots all the account's draft menus as a new version, records the signed-in user as its",
        "publisher, and makes it live: the routing tables are recompiled before the answer, so the next",
        "call follows it. A call in progress finishes on the version it started with: its menus'",
        "`<Gather action>` URLs carry the version id (`v=`), and the gather webhook walks that version's",
        "menus (older versions are compiled on demand, 32 kept at most).",
      ].join("\n"),
      PUBLISH_REFUSED,
      [
        "When the draft equals the live version: **409** `There are no unpublished changes.`, with",
        "`error.fields.reasons` empty (a double click publishes once).",
      ].join("\n"),
      NOT_YET_PUBLISHED,
    ].join("\n\n"),
    access: "account",
    publicApi: { scope: "routing" },
    permission: "ivr.publish",
    body: ivrPublishBodySchema,
    responses: { 201: ivrPublishedSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  rollback: endpoint({
    method: "POST",
    path: "/api/ivr-menus/versions/:id/rollback",
    summary: "Publish an earlier version again",
    description: [
      "One step: publishes a **new** version whose snapshot equals the chosen one (its note",
      "`Rolled back to version N`), live from the next call, **and resets the draft to it**: menus not",
      "in that version leave the draft, the others get its fields and options back, so the editor",
      "shows what is live and `hasUnpublishedChanges` is false. Refused with 409 and",
      "`error.fields.reasons` like a publish when that version names something that no longer exists",
      "(a deleted extension, or a number or geo rule now pointing at a menu the version lacks).",
    ].join("\n"),
    access: "account",
    permission: "ivr.publish",
    params: ivrVersionParamsSchema,
    responses: { 201: ivrPublishedSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  tryStart: endpoint({
    method: "POST",
    path: "/api/ivr-menus/try",
    summary: "Try it: start a simulated call into the draft or the live menus",
    description: [
      [
        "A simulated call into the `draft` (the default) or the `live` menus, starting in `menuId`, or",
        "the menu the account's first number answers with, else the first menu; the draft is compiled",
        "when the try starts. **409** when there is nothing to try (`live` with nothing published, or",
        "no menus); 400 on `body.menuId` for a menu not in that target. `versionId` is the live",
        "version tried, null for the draft.",
      ].join("\n"),
      TRY_CALL,
      [
        `At most ${TRY_LIMITS.perSession} tries are open per signed-in session: starting another`,
        `hangs up the oldest. A try takes ${TRY_LIMITS.maxKeys} keys at most.`,
      ].join("\n"),
    ].join("\n\n"),
    access: "account",
    permission: "ivr.edit",
    body: ivrTryBodySchema,
    responses: { 201: ivrTrySchema, ...errors(400, 401, 403, 409) },
  }),
  tryKeys: endpoint({
    method: "POST",
    path: "/api/ivr-menus/try/:tryId/keys",
    summary: "Press keys on a Try it call",
    description: [
      [
        'Presses `digits`, one key per menu in turn; `""` waits at the menu until its timeout.',
        "Answers as starting a try does: what was heard after those keys and where the call is now.",
        "**409** `The call has ended.` once it has ended, and when the try would pass",
        `${TRY_LIMITS.maxKeys} keys.`,
      ].join("\n"),
      TRY_NOT_FOUND,
    ].join("\n\n"),
    access: "account",
    permission: "ivr.edit",
    params: ivrTryParamsSchema,
    body: ivrTryKeysBodySchema,
    responses: { 200: ivrTrySchema, ...errors(400, 401, 403, 404, 409) },
  }),
  tryEnd: endpoint({
    method: "DELETE",
    path: "/api/ivr-menus/try/:tryId",
    summary: "Hang up a Try it call",
    description: ["Hangs up the call.", TRY_NOT_FOUND].join("\n\n"),
    access: "account",
    permission: "ivr.edit",
    params: ivrTryParamsSchema,
    responses: { 204: noContent, ...errors(400, 401, 403, 404) },
  }),
};
