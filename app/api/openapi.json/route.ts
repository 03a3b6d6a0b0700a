import { NextResponse } from 'next/server';
import { openApiDocument } from '@/lib/openapi/document';

/** The OpenAPI document of the public API for agent runtimes (generated from the routes' zod schemas). */
export function GET() {
  return NextResponse.json(openApiDocument());
}
