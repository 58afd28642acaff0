import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { gotoLive, logIn, trpcCall } from "./support";

/**
 * Issue 10 part A (§4 blocking): a member blocks another from the chat's header, and the
 * conversation disappears live in the other member's browser (two browser contexts, the seeded
 * demo accounts, which are confirmed and may write to each other); the member who was blocked can
 * still report the blocker.
 */
const DEMO = { email: "demo@amora.test", password: "demo12345" };
const FREE = { email: "free@amora.test", password: "demo12345" };

test("a member blocks another from the chat and the chat disappears live in the other's browser", async ({
  browser,
}) => {
  const demoContext = await browser.newContext();
  const freeContext = await browser.newContext();
  const demo = await demoContext.newPage();
  const free = await freeContext.newPage();
  await logIn(demo, DEMO.email, DEMO.password);
  await logIn(free, FREE.email, FREE.password);
  const sam = await trpcCall<{ id: number; name: string }>(free, "accounts.me");

  // Demo writes to Sam; Sam has the conversation open.
  const sent = await trpcCall<{ message: { conversationId: number } }>(
    demo,
    "chats.send",
    { toProfileId: sam.id, clientId: crypto.randomUUID(), body: "Hello Sam, from the block test" },
    "POST",
  );
  const conversationId = sent.message.conversationId;
  await gotoLive(free, `/chats/${conversationId}`);
  await expect(free.getByText("Hello Sam, from the block test")).toBeVisible();

  // Demo blocks Sam from the chat's header, after confirming.
  await demo.goto(`/chats/${conversationId}`);
  await demo.getByRole("button", { name: `Block ${sam.name}` }).click();
  const dialog = demo.getByRole("dialog", { name: `Block ${sam.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(demo).toHaveURL(/\/chats$/);
  // The page Demo lands on says the block went through, and where to undo it.
  const notice = demo.getByRole("status").filter({ hasText: `You blocked ${sam.name}.` });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Privacy and blocked members" })).toHaveAttribute(
    "href",
    "/settings/blocked",
  );

  // Sam's open tab drops the conversation live: it leaves the chat, and the list no longer has it.
  // The list says why, and the block took the chat but not the report (security review): Sam
  // reports Demo from there, with the messages the block kept.
  await expect(free).toHaveURL(/\/chats$/);
  await expect(free.getByText("Hello Sam, from the block test")).toHaveCount(0);
  await expect(free.getByRole("link", { name: /Demo/ })).toHaveCount(0);
  const closed = free
    .getByRole("status")
    .filter({ hasText: "This member blocked you, so your chat with them is closed." });
  await expect(closed).toBeVisible();
  await closed.getByRole("button", { name: "Report this member" }).click();
  const report = free.getByRole("dialog", { name: "Report this member" });
  await report.getByLabel("Harassment").check();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByText("Thank you. Our team will look at your report.")).toBeVisible();
  await report.getByRole("button", { name: "Close", exact: true }).last().click();

  // Sam meets §8 'Blocked by another user' on Demo's profile, where a report is offered too.
  const demoMe = await trpcCall<{ id: number }>(demo, "accounts.me");
  await free.goto(`/members/${demoMe.id}`);
  await expect(free.getByText("Blocked by another user")).toBeVisible();
  await expect(free.getByRole("button", { name: "Report this member" })).toBeVisible();

  // Demo finds Sam in the blocked list.
  await demo.goto("/settings/blocked");
  await expect(demo.getByRole("button", { name: `Unblock ${sam.name}` })).toBeVisible();

  await demoContext.close();
  await freeContext.close();
});
