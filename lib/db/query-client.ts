/**
 * Any connection that runs a parameterised statement (the import path's transaction in
 * lib/import/pg-store.ts is one): what the audit log and live notifications need to write on a
 * connection that is not Prisma's, without the lower domains importing the import domain.
 */
export type QueryClient = { query: (text: string, values?: unknown[]) => Promise<unknown> };
