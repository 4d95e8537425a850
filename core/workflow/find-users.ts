import type { FoundUsers, WorkflowUser } from '../plugin/actionlet.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { User } from '../model/user.js';
import { roleByReference } from '../auth/role-by-reference.js';

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

function asWorkflowUser({ userId, email, firstName, lastName }: User): WorkflowUser {
  return { userId, email, firstName, lastName };
}

/**
 * Resolves user references as actionlets take them: an e-mail address (a user's, or any other),
 * a user id, a role id or a role key (its active members). Inactive users are left out, as if unknown.
 */
export async function findUsers(tx: Repositories, references: readonly string[]): Promise<FoundUsers> {
  const users = new Map<string, WorkflowUser>();
  const addresses = new Set<string>();
  const unknown: string[] = [];
  const addUser = (user: User) => {
    if (user.active && !users.has(user.userId)) users.set(user.userId, asWorkflowUser(user));
  };
  for (const reference of references.map((r) => r.trim()).filter(Boolean)) {
    if (ADDRESS.test(reference)) {
      const user = await tx.users.findByEmail(reference);
      if (!user) addresses.add(reference.toLowerCase());
      else if (user.active) addUser(user);
      else unknown.push(reference);
      continue;
    }
    const user = await tx.users.findById(reference);
    if (user?.active) {
      addUser(user);
      continue;
    }
    const role = await roleByReference(tx.roles, reference);
    const members = role ? (await tx.users.listByRole(role.id)).filter((member) => member.active) : [];
    if (members.length === 0) unknown.push(reference);
    members.forEach(addUser);
  }
  // An address that turns out to be a named user's is theirs: sent once.
  const userEmails = new Set([...users.values()].map((u) => u.email.toLowerCase()));
  return { users: [...users.values()], addresses: [...addresses].filter((a) => !userEmails.has(a)), unknown };
}

/** The assignee's address, or for a role (by id or key) the addresses of its active members. */
export async function assigneeEmails(tx: Repositories, assignee: string | null): Promise<string[]> {
  if (!assignee) return [];
  return (await findUsers(tx, [assignee])).users.map((user) => user.email);
}
