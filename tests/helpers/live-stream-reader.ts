/**
 * Reads a live stream's server-sent events as they arrive: `stream.text` is everything read so far,
 * `readUntil` reads on until the text matches (or the check holds) or the stream ends.
 */
export function streamReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const stream = { text: '', closed: false };
  const readUntil = async (until: RegExp | (() => boolean)) => {
    const met = typeof until === 'function' ? until : () => until.test(stream.text);
    while (!met() && !stream.closed) {
      const { value, done } = await reader.read();
      if (done) stream.closed = true;
      else stream.text += decoder.decode(value);
    }
  };
  return { stream, readUntil };
}
