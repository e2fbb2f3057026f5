import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import { routingBody } from "../call-routing/helpers";
import type { SignedIn } from "../fixtures";

/** An API request as the signed-in user; the status is checked, the JSON returned. */
export async function api<T = Record<string, unknown>>(
  t: TestApp,
  session: SignedIn,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  status: number,
  payload?: Record<string, unknown>,
): Promise<T> {
  const res = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : null) as T;
}

/** The body of one menu of the editor's form. */
export const menuBody = (name: string, greeting: string, options: Record<string, unknown>[] = []) => ({
  name,
  greetingTts: greeting,
  options,
});

/** The URL (path and query) a TwiML document's Gather posts to, relative to our base URL. */
export function gatherPathOf(twiml: string, baseUrl: string): string {
  const action = /<Gather [^>]*action="([^"]+)"/.exec(twiml)?.[1];
  if (!action) throw new Error(`no Gather in ${twiml}`);
  return action.replaceAll("&amp;", "&").slice(baseUrl.length);
}

/** Sends the number's calls in business hours to the menu (through the call routing API). */
export const routeToMenu = (t: TestApp, session: SignedIn, numberId: string, menuId: string) =>
  api(
    t,
    session,
    "PUT",
    `/api/call-routing/${numberId}`,
    200,
    routingBody({ businessHoursDestination: { type: "ivr_menu", target: menuId } }),
  );
