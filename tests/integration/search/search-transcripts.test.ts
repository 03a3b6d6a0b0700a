import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/permissions';
import { HIGHLIGHT_START, splitHighlight } from '@/lib/search/search-query';
import { prisma } from '@/lib/db/prisma';
import { CANDIDATE_CAP, searchTranscripts } from '@/lib/search/search-transcripts';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';

let actor: Actor;
const bench = `search-${uid()}`;
const ids: Record<string, string> = {};

/** A run of the search benchmark: its task, model, checkpoint results and events. */
const seed = async (
  taskExternalId: string,
  model: string,
  checkpoints: Record<string, boolean>,
  events: Parameters<typeof seedTrajectory>[0]['events'],
) => (await seedTrajectory({ benchmark: bench, taskExternalId, model, checkpoints, events })).id;

beforeAll(async () => {
  actor = await createActor('ANNOTATOR');
  // A: passed, cancels with the phrase twice (denser match → ranks first).
  ids.a = await seed('airline/1', 'kestrel', { c0: true }, [
    { source: 'USER', content: 'Hi, I want to cancel the reservation for my trip.' },
    { tool: 'Flights.cancel_reservation', arguments: { reservation_id: 'ZX12' } },
    {
      source: 'ENVIRONMENT',
      type: 'OBSERVATION',
      tool: 'Flights.cancel_reservation',
      content: 'Reservation ZX12 cancelled.',
    },
    { content: 'I cancel the reservation now: cancel the reservation confirmed.' },
  ]);
  // B: failed, mentions the words in another order (not the phrase).
  ids.b = await seed('airline/2', 'heron', { c0: false, c1: true }, [
    { source: 'USER', content: 'The reservation? Please do not cancel it.' },
    { tool: 'Flights.get_reservation', arguments: { reservation_id: 'QQ9' } },
    { content: 'I will <script>alert(1)</script> keep the booking.' },
  ]);
  // C: unrelated.
  ids.c = await seed('retail/3', 'heron', { c0: true }, [
    { source: 'USER', content: 'Where is my parcel?' },
    { tool: 'Shop.track_order', arguments: { order: 7 } },
  ]);
});

const search = (q: Record<string, string>) => searchTranscripts(actor, { benchmark: bench, ...q });

describe('transcript search', () => {
  it('finds a phrase only where the words appear in that order, with the matched words highlighted', async () => {
    const r = await search({ q: '"cancel the reservation"' });
    expect(r.groups.map((g) => g.trajectory.id)).toEqual([ids.a]);
    const positions = r.groups[0].hits.map((h) => h.position).sort();
    expect(positions).toEqual([0, 3]);
    const marked = splitHighlight(r.groups[0].hits[0].headline)
      .filter((p) => p.marked)
      .map((p) => p.text.toLowerCase());
    expect(marked).toContain('cancel');
    expect(r.groups[0].hits[0].headline).toContain(HIGHLIGHT_START);
  });

  it('ranks the trajectory with the denser match first for plain words and counts matches per trajectory', async () => {
    const r = await search({ q: 'cancel reservation' });
    expect(r.groups.map((g) => g.trajectory.id)).toEqual([ids.a, ids.b]);
    expect(r.groups[0].hits[0].position).toBe(3);
    // A: events 0, 2 ("cancelled" stems to cancel) and 3; the tool call (1) names the reservation but not "cancel" as a word.
    expect(r.groups[0].matchCount).toBe(3);
    expect(r.groups[1].matchCount).toBe(1);
    expect(r.matchedEvents).toBe(4);
    expect(r.matchedTrajectories).toBe(2);
    expect(r.capped).toBe(false);
  });

  it('finds a tool name written as App.function in the text, and gives the neighbouring events as context', async () => {
    const r = await search({ q: 'Shop.track_order' });
    expect(r.groups.map((g) => g.trajectory.id)).toEqual([ids.c]);
    const hit = r.groups[0].hits[0];
    expect(hit).toMatchObject({ position: 1, tool: 'Shop.track_order', type: 'TOOL_CALL' });
    expect(hit.before).toMatchObject({ position: 0, source: 'USER' });
    expect(hit.before!.headline).toContain('parcel');
    expect(hit.after).toBeNull();
  });

  it('applies the structured filters: tool, source, event type, outcome, failed checkpoint, model', async () => {
    const ofIds = async (q: Record<string, string>) => (await search(q)).groups.map((g) => g.trajectory.id).sort();
    expect(await ofIds({ tool: 'Flights.cancel_reservation' })).toEqual([ids.a]);
    expect(
      (await search({ tool: 'Flights.cancel_reservation', type: 'OBSERVATION' })).groups[0].hits.map((h) => h.position),
    ).toEqual([2]);
    expect(await ofIds({ q: 'reservation', source: 'USER' })).toEqual([ids.a, ids.b].sort());
    expect(await ofIds({ q: 'reservation', source: 'ENVIRONMENT' })).toEqual([ids.a]);
    expect(await ofIds({ q: 'reservation', outcome: 'failed' })).toEqual([ids.b]);
    expect(await ofIds({ q: 'reservation', outcome: 'passed' })).toEqual([ids.a]);
    expect(await ofIds({ q: 'reservation', checkpointFailed: '1' })).toEqual([ids.b]);
    expect(await ofIds({ q: 'reservation', model: 'kestrel' })).toEqual([ids.a]);
    expect(
      (await search({ q: 'reservation -cancel', model: 'kestrel' })).groups[0].hits.map((h) => h.position),
    ).toEqual([1]);
  });

  it('returns headlines as plain text with markers: markup in untrusted content is dropped from the snippet, never produced', async () => {
    const r = await search({ q: 'booking' });
    expect(r.groups[0].hits[0].headline).toMatch(/^will\s+alert\(1\)\s+keep the \u0002booking\u0003$/);
  });

  it('caps a query matching more events than it ranks, and says about how many match in all', async () => {
    const b = `cap-${uid()}`;
    const t = await seedTrajectory({
      benchmark: b,
      taskExternalId: 'cap/1',
      model: 'kestrel',
      checkpoints: { c0: true },
    });
    await prisma.event.createMany({
      data: Array.from({ length: CANDIDATE_CAP + 300 }, (_, position) => ({
        trajectoryId: t.id,
        position,
        source: 'AGENT' as const,
        type: 'MESSAGE' as const,
        content: `zebrafish log line ${position}`,
      })),
    });
    await prisma.$executeRaw`ANALYZE "Event"`;
    const r = await searchTranscripts(actor, { q: 'zebrafish', benchmark: b });
    expect(r).toMatchObject({ capped: true, matchedEvents: CANDIDATE_CAP, matchedTrajectories: 1 });
    expect(r.estimatedEvents).toBeGreaterThan(CANDIDATE_CAP);
    expect(r.groups[0].hits).toHaveLength(3);
    expect((await search({ q: 'reservation' })).estimatedEvents).toBeNull();
  });

  it('pages trajectory groups', async () => {
    const first = await search({ q: 'reservation', pageSize: '1' });
    const second = await search({ q: 'reservation', pageSize: '1', page: '2' });
    expect(first.pageCount).toBe(2);
    expect([first.groups[0].trajectory.id, second.groups[0].trajectory.id]).toEqual([ids.a, ids.b]);
  });

  it('refuses a search with neither words nor a tool, and a bad filter value, naming the field', async () => {
    await expect(search({})).rejects.toMatchObject({ code: 'VALIDATION', details: [{ path: 'q' }] });
    await expect(search({ q: 'x', source: 'ROBOT' })).rejects.toThrow(/source/);
  });
});
