// A SQL identifier (a table, a schema, a trigger) written into a statement: double-quoted, inner quotes doubled.
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
