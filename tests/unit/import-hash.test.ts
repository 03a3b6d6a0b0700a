import { describe, expect, it } from 'vitest';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { trajectoryHash } from '@/lib/import/write-record';
import { demoRecord } from '../helpers/factories';

describe('trajectory content hash', () => {
  const base = demoRecord({ benchmark: 'hash-bench' });
  const withArgs = (args: Record<string, unknown>) =>
    nativeRecordSchema.parse({
      ...base,
      events: [
        ...base.events,
        { source: 'agent', type: 'tool_call', tool: 'mail.send', arguments: args, call_id: 'h1' },
      ],
    });

  it('ignores key order inside arguments (a re-serialised file is still "already present")', () => {
    expect(trajectoryHash(withArgs({ to: 'a', body: { x: 1, y: [1, { b: 2, a: 1 }] } }))).toBe(
      trajectoryHash(withArgs({ body: { y: [1, { a: 1, b: 2 }], x: 1 }, to: 'a' })),
    );
  });

  it('changes when any event content, argument or outcome changes', () => {
    const h = trajectoryHash(withArgs({ to: 'a' }));
    expect(trajectoryHash(withArgs({ to: 'b' }))).not.toBe(h);
    const other = withArgs({ to: 'a' });
    other.trajectory.outcome.passed = !other.trajectory.outcome.passed;
    expect(trajectoryHash(other)).not.toBe(h);
  });
});
