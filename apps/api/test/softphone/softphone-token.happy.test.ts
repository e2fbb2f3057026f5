import { createHmac } from "node:crypto";
import { schema } from "@poundline/db";
import { SIM_SOFTPHONE, SOFTPHONE_TOKEN_TTL_SECONDS } from "@poundline/modules/softphone/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, signIn } from "../fixtures";

/** The softphone's access token: a JWT the carrier's Voice SDK accepts, checked claim by claim. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { LOG_LEVEL: "error" } });
});
afterAll(() => t.close());

interface Claims {
  jti: string;
  iss: string;
  sub: string;
  iat: number;
  exp: number;
  grants: {
    identity: string;
    voice: { incoming: { allow: boolean }; outgoing: { application_sid: string } };
  };
}

function decode(jwt: string, secret: string) {
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return { header: json(header), claims: json(payload) as Claims, signed: signature === expected };
}

describe("POST /api/softphone/token", () => {
  it("signs a voice grant for the member in the current account, for an hour, on the simulator", async () => {
    const owner = await createUser(t);
    const member = await createMember(t, owner.accountId, "member");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/softphone/token",
      headers: (await signIn(t, member)).headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ identity: `${owner.accountId}_${member.id}`, mode: "simulator" });
    expect(body.identity).toMatch(/^[A-Za-z0-9_]+$/);

    const { carrier } = t.app.deps;
    const { header, claims, signed } = decode(body.token, carrier.authToken);
    expect(signed, "signed with the simulator's per-process token").toBe(true);
    expect(header).toMatchObject({ alg: "HS256", typ: "JWT", cty: "twilio-fpa;v=1" });
    expect(claims.iss).toBe(SIM_SOFTPHONE.apiKeySid);
    expect(claims.sub).toBe(carrier.accountSid);
    expect(claims.exp - claims.iat).toBe(SOFTPHONE_TOKEN_TTL_SECONDS);
    expect(new Date(body.expiresAt).getTime()).toBe(claims.exp * 1000);
    expect(claims.grants).toEqual({
      identity: body.identity,
      voice: { incoming: { allow: true }, outgoing: { application_sid: SIM_SOFTPHONE.twimlAppSid } },
    });
  });

  it("a person in two accounts rings as someone else in each", async () => {
    const person = await createUser(t);
    const other = await createUser(t);
    await t.db.db
      .insert(schema.accountMemberships)
      .values({ accountId: other.accountId, userId: person.id, role: "member" });
    const session = await signIn(t, person);
    const identity = async () =>
      (await t.app.inject({ method: "POST", url: "/api/softphone/token", headers: session.headers })).json()
        .identity as string;
    expect(await identity()).toBe(`${person.accountId}_${person.id}`);
    const switched = await t.app.inject({
      method: "PUT",
      url: "/api/accounts/current",
      headers: session.headers,
      payload: { accountId: other.accountId },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await identity()).toBe(`${other.accountId}_${person.id}`);
  });
});
