/**
 * A response body that pulls text chunks from an async iterable as the client
 * reads: a large export is produced a page at a time, at the client's pace,
 * and stops reading the database when the client goes away.
 */
export function iterableStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await it.return?.();
    },
  });
}
