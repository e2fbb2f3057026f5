import { describe, expect, it } from "vitest";
import type { InboxMember } from "../../src/inbox/members";
import { resolveMentions } from "../../src/inbox/mentions";

const member = (id: string, firstName: string, lastName: string): InboxMember => ({
  id,
  firstName,
  lastName,
  email: `${id}@example.com`,
  role: "member",
});

const team = [
  member("usr_ann", "Ann", "Lee"),
  member("usr_anna", "Anna", "Berg"),
  member("usr_ann2", "Ann", "Marsh"),
  member("usr_bo", "Bo", "Chen"),
];

describe("resolveMentions", () => {
  it.each([
    { body: "@Bo can you call back?", ids: ["usr_bo"] },
    { body: "ask @bo chen", ids: ["usr_bo"] },
    { body: "@Anna and @Bo", ids: ["usr_anna", "usr_bo"] },
    { body: "@Ann Marsh, please", ids: ["usr_ann2"] },
    { body: "@Ann Lee then @ann lee again", ids: ["usr_ann"] },
    { body: "@Annabel is not on the team", ids: [] },
    { body: "mail bo@example.com", ids: [] },
    { body: "no mention at all", ids: [] },
    { body: "@", ids: [] },
    { body: "(@Bo)", ids: ["usr_bo"] },
  ])("$body -> $ids", ({ body, ids }) => {
    expect(resolveMentions(body, team)).toEqual(ids);
  });

  it("an ambiguous first name goes to the member who joined first", () => {
    expect(resolveMentions("@Ann", team)).toEqual(["usr_ann"]);
  });
});
