import { publicRoute } from '@/lib/http/route';
import { bankExportJsonSchema } from '@/lib/releases/export-schema';

/** The published JSON Schema of the JSON export (bank-export.v1), generated from its zod schema. */
// Public: the schema of the export format, like any published schema.
export const GET = publicRoute(async () => bankExportJsonSchema());
