import { publicRoute } from '@/lib/http/route';
import { openApiDocumentFor } from '@/lib/openapi/document';

/** The OpenAPI document of the public API for agent runtimes (generated from the routes' zod schemas). */
// Public: runtimes in any language generate their client from it before they hold a token.
export const GET = publicRoute(async ({ req }) => openApiDocumentFor(req));
