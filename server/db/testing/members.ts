/**
 * Team members written straight into team_members, for the review store's
 * and routes' tests and the workspace benchmark (the members' own store and
 * sign-in belong to auth/ and members/). Real rows on the real database.
 */
import type { Role } from '../../../domain/team.ts'
import type { Member } from '../stores/team-store.ts'
import type { PostgresStore } from '../postgres-store.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import type { ApplicationStore } from '../stores/application-store.ts'

let counter = 0

export async function insertMember(store: ApplicationStore, role: Role, name?: string, email?: string): Promise<Member> {
  const n = ++counter
  const member: Member = {
    id: crypto.randomUUID(),
    email: email ?? `miembro.${n}.${Date.now().toString(36)}@catalitico.example`,
    name: name ?? `Miembro ${n}`,
    role,
    active: true,
    createdAt: new Date(),
    lastSignInAt: null,
  }
  if (store.kind === 'sqlite') {
    ;(store as SqliteStore).db
      .prepare('INSERT INTO team_members (id, email, name, role, active, created_at) VALUES (?, ?, ?, ?, 1, ?)')
      .run(member.id, member.email, member.name, role, member.createdAt.toISOString())
  } else {
    const { sql } = store as PostgresStore
    await sql`insert into team_members (id, email, name, role, active, created_at)
              values (${member.id}, ${member.email}, ${member.name}, ${role}, true, ${member.createdAt})`
  }
  return member
}
