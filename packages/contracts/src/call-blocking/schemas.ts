import { blockActions, blockedCallerKinds, blockRuleSettings } from "@poundline/db/enums";
import { BLOCK_PREFIX_PATTERN } from "@poundline/domain/call-blocking";
import { toE164 } from "@poundline/domain/phone";
import { z } from "zod";
import { line, timestampSchema } from "../common";
import { cursorQuery, nextCursorField, optionalLimitQuery } from "../cursor";

export const BLOCK_LIMITS = { note: 200 } as const;
export const BLOCK_MESSAGES = {
  number: "Enter a valid phone number.",
  prefix: "Enter a prefix: + and 1 to 14 digits, such as +1900 or +44.",
  duplicate: "This number or prefix is already blocked.",
  notFound: "Blocked number not found",
} as const;

/** The rules: what the block list does, and what withheld and unverified callers get ("allow": nothing). */
export const blockingRulesSchema = z.object(
  {
    list: z.enum(blockActions, { error: `Must be one of: ${blockActions.join(", ")}.` }),
    withheld: z.enum(blockRuleSettings, { error: `Must be one of: ${blockRuleSettings.join(", ")}.` }),
    unverified: z.enum(blockRuleSettings, { error: `Must be one of: ${blockRuleSettings.join(", ")}.` }),
  },
  { error: "Expected a JSON object with the blocking rules." },
);
export type BlockingRulesBody = z.output<typeof blockingRulesSchema>;

export const blockedCallerSchema = z.object({
  id: z.string(),
  kind: z.enum(blockedCallerKinds),
  value: z.string(),
  note: z.string(),
  createdAt: timestampSchema,
});
export type BlockedCallerJson = z.input<typeof blockedCallerSchema>;

/** GET /call-blocking: the whole list, or a page of its entries (the public API's cursor pagination). */
export const callBlockingQuerySchema = z.object({ ...optionalLimitQuery, ...cursorQuery });
export type CallBlockingQuery = z.output<typeof callBlockingQuerySchema>;

export const callBlockingSchema = z.object({
  rules: blockingRulesSchema,
  /** Newest first. */
  entries: z.array(blockedCallerSchema),
  ...nextCursorField,
});
export type CallBlockingJson = z.input<typeof callBlockingSchema>;

/** A number (any spelling, kept as E.164) or a prefix ("+" and digits) to block, with a note. */
export const addBlockedCallerBodySchema = z
  .object(
    {
      kind: z.enum(blockedCallerKinds, { error: `Must be one of: ${blockedCallerKinds.join(", ")}.` }),
      value: line().min(1, "Enter a number or a prefix.").max(32, "Must be at most 32 characters."),
      note: line()
        .max(BLOCK_LIMITS.note, `Must be at most ${BLOCK_LIMITS.note} characters.`)
        .optional()
        .default(""),
    },
    { error: "Expected a JSON object with the number or prefix to block." },
  )
  .transform((body, ctx) => {
    if (body.kind === "prefix") {
      const prefix = body.value.replace(/[\s-]/g, "");
      if (BLOCK_PREFIX_PATTERN.test(prefix)) return { ...body, value: prefix };
      ctx.addIssue({ code: "custom", path: ["value"], message: BLOCK_MESSAGES.prefix });
      return z.NEVER;
    }
    const number = toE164(body.value);
    if (number) return { ...body, value: number };
    ctx.addIssue({ code: "custom", path: ["value"], message: BLOCK_MESSAGES.number });
    return z.NEVER;
  });
export type AddBlockedCallerBody = z.output<typeof addBlockedCallerBodySchema>;

export const blockedCallerParamsSchema = z.object({
  id: z.string().regex(/^blk_[a-z0-9]{1,64}$/, "Invalid blocked number id."),
});
