import { expect } from "vitest";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import type { httpClient } from "#tests/support/http-client";

/**
 * A content editor made as the console makes one: the role proposed by one administrator (202) and approved by a
 * second (200). The two administrators' addresses must be in the server's ADMIN_EMAILS.
 */
export async function editorMadeByTwoAdmins(
  api: () => ReturnType<typeof httpClient>,
  admins: { proposerEmail: string; approverEmail: string },
  reason: string,
): Promise<TestUser> {
  const proposer = await createVerifiedUser(api(), { email: admins.proposerEmail });
  const approver = await createVerifiedUser(api(), { email: admins.approverEmail });
  const editor = await createVerifiedUser(api());
  const proposal = await api().request(`/api/admin/users/${editor.id}/role`, {
    method: "POST",
    cookie: proposer.cookie,
    json: { role: "editor", reason },
  });
  expect(proposal.status).toBe(202);
  const { id } = ((await proposal.json()) as { proposal: { id: number } }).proposal;
  const approved = await api().request(`/api/admin/proposals/${id}/approve`, {
    method: "POST",
    cookie: approver.cookie,
    json: {},
  });
  expect(approved.status).toBe(200);
  return editor;
}
