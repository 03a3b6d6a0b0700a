import { NextResponse } from 'next/server';
import { bankExportJsonSchema } from '@/lib/releases/export-schema';

/** The published JSON Schema of the JSON export (bank-export.v1), generated from its zod schema. */
export function GET() {
  return NextResponse.json(bankExportJsonSchema());
}
