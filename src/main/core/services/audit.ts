// Handlers of the audit calls: the log read page by page (writing it is each domain's, through its own changes).
import type { HandlersOf } from './dispatch'
import { auditEntities, auditPage } from '../data/audit-log'

export const auditHandlers: HandlersOf<'audit'> = {
  'audit:list': (input, { db }) => {
    const { offset, limit, ...filter } = input
    return { ...auditPage(db, filter, offset, limit), entities: auditEntities(db) }
  }
}
