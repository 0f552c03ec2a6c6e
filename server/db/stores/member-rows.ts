/**
 * A team member as the stores read one, apart from the team store so that the
 * stores naming members (the panel, the reminders, the founder's activity) need
 * not import it (ADR 0208).
 */
import type { Row } from '../schema.ts'

export type Member = Pick<Row<'team_members'>, 'id' | 'email' | 'name' | 'role' | 'active' | 'createdAt' | 'lastSignInAt'>
