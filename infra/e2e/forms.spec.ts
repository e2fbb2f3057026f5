import { expect } from "@playwright/test";
import { appReady, choose, contactInbox, field, test, toast, uniqueEmail, waitForEmail } from "./support";

test("the contact form sends a message: a toast, a reset form and a notice to the contact inbox", async ({
  page,
  admin,
}) => {
  const email = uniqueEmail("contact");
  const message = `Do you port toll-free numbers? (${email})`;

  await page.goto("/contact");
  await appReady(page);
  await field(page, "Full Name").fill("Casey Contact");
  await field(page, "Email Address").fill(email);
  await field(page, "Phone").fill("(407) 555-0123");
  await field(page, "Company").fill("Contact Bakery");
  await choose(page, "Company Size", /^11-50/);
  await field(page, "Message").fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(toast(page, "Message Sent!")).toContainText(
    "Thank you for contacting us. We've received your message and will get back to you soon.",
  );
  // The form starts over, company size back to 1-10.
  await expect(field(page, "Full Name")).toHaveValue("");
  await expect(field(page, "Message")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Company Size" })).toHaveValue(/^1-10/);

  // The saved message reaches the contact inbox through a background job: the notice is built from
  // the stored row, so its fields show what was saved.
  const notice = await waitForEmail(admin, contactInbox, "contact_form", (e) => e.textBody.includes(message));
  expect(notice.subject).toBe("New contact form message from Casey Contact");
  expect(notice.textBody).toContain(`Email: ${email}`);
  expect(notice.textBody).toContain("Phone: (407) 555-0123");
  expect(notice.textBody).toContain("Company: Contact Bakery");
  expect(notice.textBody).toContain("Company size: 11-50 employees");
});

test("a feature request is submitted, thanked, and the form can start again", async ({ page }) => {
  await page.goto("/request-feature");
  await appReady(page);
  await field(page, "Feature Name").fill("Shared team inbox for texts");
  await field(page, "Description").fill("Let the whole sales team answer texts from one inbox.");
  const email = uniqueEmail("feature");
  await field(page, "Email (optional)").fill(email);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/feature-requests"));
  await page.getByRole("button", { name: "Submit Request" }).click();

  // No admin list of feature requests exists yet: the saving call and its 201 stand for what is stored.
  const response = await saved;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    featureName: "Shared team inbox for texts",
    description: "Let the whole sales team answer texts from one inbox.",
    email,
  });

  await expect(toast(page, "Feature Request Submitted!")).toContainText(
    "Thank you for your suggestion. We'll review it shortly.",
  );
  await page.getByRole("button", { name: "Submit Another Request" }).click();
  await expect(field(page, "Feature Name")).toHaveValue("");
  await expect(field(page, "Description")).toHaveValue("");
});

test("a phone number request is sent, confirmed, and the form can start again", async ({ page }) => {
  await page.goto("/request-phone-number");
  await appReady(page);
  await page.getByRole("radio", { name: "Local Number" }).check();
  await field(page, "Area Code").fill("407abc99");
  // The area code keeps digits only, three at most.
  await expect(field(page, "Area Code")).toHaveValue("407");
  await field(page, "Quantity").fill("2");
  await field(page, "Purpose / Department (optional)").fill("Sales line");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/phone-number-requests"));
  await page.getByRole("button", { name: "Submit Request" }).click();

  // No admin list of number requests exists yet: the saving call and its 201 stand for what is stored.
  const response = await saved;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    numberType: "local",
    areaCode: "407",
    quantity: 2,
    purpose: "Sales line",
  });

  await expect(toast(page, "Request Submitted!")).toContainText(
    "Your phone number request has been received. We'll process it and notify you.",
  );
  await expect(page.getByText("Request Sent!")).toBeVisible();
  await page.getByRole("button", { name: "Request Another Number" }).click();
  await expect(page.getByRole("radio", { name: "Local Number" })).not.toBeChecked();
  await expect(field(page, "Quantity")).toHaveValue("1");
});
