import { describe, expect, it } from 'vitest';
import { activeRunText } from '@/components/reflection/run-waiting';

const created = '2026-12-05T12:00:00.000Z';
const at = (seconds: number) => new Date(created).getTime() + seconds * 1000;

describe('what the run page says while a run waits', () => {
  it('says a fresh queued or running run updates by itself', () => {
    expect(activeRunText({ status: 'QUEUED', createdAt: created }, at(10))).toBe(
      'This run is queued; this page updates by itself.',
    );
    expect(activeRunText({ status: 'RUNNING', createdAt: created }, at(600))).toBe(
      'This run is running; this page updates by itself.',
    );
  });

  it('after a minute queued, asks whether a worker is running and how to start one', () => {
    const text = activeRunText({ status: 'QUEUED', createdAt: created }, at(185));
    expect(text).toContain('No worker has picked it up in 3 min: is one running?');
    expect(text).toContain('unless WORKER=off; otherwise start `npm run worker`');
  });
});
