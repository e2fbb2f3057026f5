import { describeDevice } from "@poundline/modules/settings/device";
import { describe, expect, it } from "vitest";

describe("describeDevice", () => {
  it.each([
    {
      ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      device: "Chrome on macOS",
    },
    {
      ua: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      device: "Edge on Windows",
    },
    {
      ua: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      device: "Firefox on Linux",
    },
    {
      ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      device: "Safari on iPhone",
    },
    {
      ua: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      device: "Chrome on Android",
    },
    {
      ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      device: "Chrome on Linux",
    },
    { ua: "curl/8.5.0", device: "curl" },
    { ua: "something else", device: "Unknown device" },
    { ua: null, device: "Unknown device" },
  ])("$device", ({ ua, device }) => {
    expect(describeDevice(ua)).toBe(device);
  });
});
