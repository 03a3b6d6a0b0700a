import type { CardOperation } from '@prisma/client';

/**
 * Curator operations in display order, for client components (which do not import Prisma's runtime
 * enum). Server code uses Prisma's `CardOperation` itself. The list is checked against that enum
 * both ways, so a new operation in the schema is a type error here until it is listed.
 */
export const OPERATIONS = [
  'ADD_CARD',
  'PATCH_CARD',
  'MERGE_CARD',
  'NARROW_TRIGGER',
  'NOOP',
] as const satisfies readonly CardOperation[];
export type Operation = (typeof OPERATIONS)[number];
// Fails to compile when the schema has an operation this list lacks.
const everyOperationListed: [Exclude<CardOperation, Operation>] extends [never] ? true : never = true;
void everyOperationListed;
