import { createECDH } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  applicationServerKey,
  browserSupportsPush,
  readDevicePushState,
} from "../../../src/modules/push/device-push";

describe("applicationServerKey", () => {
  it("gives the 65 bytes of a VAPID public key (an uncompressed P-256 point, base64url)", () => {
    const ecdh = createECDH("prime256v1");
    const publicKey = ecdh.generateKeys().toString("base64url");
    const bytes = applicationServerKey(publicKey);
    expect(bytes).toHaveLength(65);
    expect(Buffer.from(bytes).toString("base64url")).toBe(publicKey);
  });
});

describe("a browser without push (Node here)", () => {
  it("is unsupported, and says so rather than failing", async () => {
    expect(browserSupportsPush()).toBe(false);
    expect(await readDevicePushState()).toBe("unsupported");
  });
});
