import { expect, expectAccessible, mailedCode, test, uniqueEmail } from "./support";

test("a new parent signs up, verifies the emailed code, signs in and out", async ({ page }) => {
  const email = uniqueEmail("e2e");
  const password = "little-bean-2026";

  await page.goto("/");
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", "/signup");
  await page.goto("/auth?mode=signup");

  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Verification code").fill("000000");
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByText("Verification failed")).toBeVisible();

  await page.getByLabel("Verification code").fill(await mailedCode(page, email));
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Ada")).toBeVisible();
  await expectAccessible(page);

  // On a phone Log Out is in the menu.
  if (test.info().project.name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signing out loads the static home page: let it finish before the next navigation.
  await expect(page.getByRole("link", { name: "Get Started Now" })).toBeVisible();

  // The app sends a signed-out visitor to '/', which it loads afresh (the static home page).
  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started Now" })).toBeVisible();

  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid Credentials: Please check your email and password and try again.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("the demo owner sees the seeded pregnancy on the dashboard", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("olivia@example.com");
  await page.getByLabel("Password").fill("babysteps123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Our Little Bean's Journey")).toBeVisible();
  await expectAccessible(page);
});

test("unknown paths show the 404 page and log the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  expect(logged.some((line) => line.includes("/no/such/page"))).toBe(true);
  await expectAccessible(page);
});

test("the chosen theme survives a reload and applies before first paint", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Theme").selectOption({ label: "Dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  // Before first paint: with the app's scripts blocked, the inline script in <head> alone applies it.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.unroute("**/assets/*.js");
  await page.reload();
  await page.getByLabel("Theme").selectOption({ label: "Light" });
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});
