import type { AppError } from '@/lib/errors';

/**
 * A request body's bytes, refused as soon as they pass `limit`: up front when the declared length
 * (Content-Length) says so, else while reading (a chunked body sends no length up front), the stream
 * cancelled so nothing more is buffered. `tooLarge` makes the caller's 413, given the declared size
 * when that is what refused it.
 */
export async function readLimitedBody(
  body: ReadableStream<Uint8Array> | null,
  declared: number | null,
  limit: number,
  tooLarge: (declaredSize?: number) => AppError,
): Promise<Buffer> {
  if (declared != null && declared > limit) throw tooLarge(declared);
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
