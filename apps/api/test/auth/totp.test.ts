import { newTotpKey, totpCode, totpKeyBytes, totpKeyUri, verifyTotp } from "@poundline/modules/auth/totp";
import { describe, expect, it } from "vitest";

// RFC 6238, appendix B: the SHA-1 key "12345678901234567890"; our codes are the last 6 digits.
const rfcKey = new TextEncoder().encode("12345678901234567890");

describe("totpCode (RFC 6238 test vectors, SHA-1, 6 digits)", () => {
  it.each([
    { unixSeconds: 59, code: "287082" },
    { unixSeconds: 1111111109, code: "081804" },
    { unixSeconds: 1111111111, code: "050471" },
    { unixSeconds: 1234567890, code: "005924" },
    { unixSeconds: 2000000000, code: "279037" },
    { unixSeconds: 20000000000, code: "353130" },
  ])("at $unixSeconds s is $code", ({ unixSeconds, code }) => {
    expect(totpCode(rfcKey, new Date(unixSeconds * 1000))).toBe(code);
  });
});

describe("verifyTotp at a fixed time", () => {
  const now = new Date(1111111111 * 1000);
  const step = 30_000;
  it.each([
    { what: "the current code", code: totpCode(rfcKey, now), ok: true },
    {
      what: "the previous step's code (clock drift)",
      code: totpCode(rfcKey, new Date(now.getTime() - step)),
      ok: true,
    },
    { what: "the next step's code", code: totpCode(rfcKey, new Date(now.getTime() + step)), ok: true },
    { what: "a code two steps old", code: totpCode(rfcKey, new Date(now.getTime() - 2 * step)), ok: false },
    { what: "a code two steps ahead", code: totpCode(rfcKey, new Date(now.getTime() + 2 * step)), ok: false },
    { what: "a wrong code", code: "000000", ok: false },
    { what: "five digits", code: "50471", ok: false },
    { what: "letters", code: "abcdef", ok: false },
    { what: "nothing", code: "", ok: false },
  ])("$what: $ok", ({ code, ok }) => {
    expect(verifyTotp(rfcKey, code, now)).toBe(ok);
  });
});

describe("keys", () => {
  it("makes 160-bit base32 keys that read back, each different", () => {
    const a = newTotpKey();
    const b = newTotpKey();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(a).not.toBe(b);
    expect(totpKeyBytes(a)).toHaveLength(20);
  });

  it.each([
    { key: "", valid: false },
    { key: "short", valid: false },
    { key: "not base32 at all!!!!!!!!!!!!!!", valid: false },
    { key: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", valid: true },
  ])("totpKeyBytes($key) valid: $valid", ({ key, valid }) => {
    expect(totpKeyBytes(key) !== null).toBe(valid);
  });

  it("puts issuer, account, period and digits in the otpauth URI", () => {
    const uri = new URL(totpKeyUri("ada@example.com", rfcKey));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Poundline");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("secret")).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });
});
