import { describe, expect, it } from 'vitest';
import {
  firstProblemField,
  problemsFromError,
  problemsFromIssues,
  submitProblems,
} from '@/components/diagnosis/form-problems';
import { ApiError } from '@/lib/http/api-client';

const empty = {
  checkpointResultId: 'cr1',
  categoryId: null,
  eventStart: null,
  eventEnd: null,
  whatWentWrong: '',
  whatShouldHaveHappened: ' ',
  confidence: null,
};

describe('diagnosis form refusals, one per field', () => {
  it('puts each missing field’s problem on that field once (the range once, not eventStart and eventEnd) and starts with the category', () => {
    const p = submitProblems(empty);
    expect(p.fields).toEqual({
      category: 'pick a failure category',
      range: 'select the event range where it went wrong',
      whatWentWrong: 'say what went wrong',
      whatShouldHaveHappened: 'say what should have happened',
    });
    expect(p.other).toBeNull();
    expect(firstProblemField(p)).toBe('category');
  });

  it('finds the first missing field in form order once the category is picked', () => {
    expect(firstProblemField(submitProblems({ ...empty, categoryId: 'c1', eventStart: 3, eventEnd: 5 }))).toBe(
      'whatWentWrong',
    );
    expect(
      firstProblemField(
        submitProblems({
          ...empty,
          categoryId: 'c1',
          eventStart: 3,
          eventEnd: 5,
          whatWentWrong: 'x',
          whatShouldHaveHappened: 'y',
        }),
      ),
    ).toBeNull();
  });

  it('places a server refusal on its field with the server’s full sentence, and keeps unplaceable ones general', () => {
    const outOfRange = problemsFromError(
      new ApiError(400, 'eventEnd 40 is past the last event (30)', [{ path: 'eventEnd', message: 'out of range' }]),
    );
    expect(outOfRange).toEqual({ fields: { range: 'eventEnd 40 is past the last event (30)' }, other: null });
    expect(problemsFromError(new ApiError(409, 'Someone else holds this trajectory'))).toEqual({
      fields: {},
      other: 'Someone else holds this trajectory',
    });
    expect(problemsFromIssues([{ path: 'checkpointResultId', message: 'checkpoint passed' }])).toEqual({
      fields: {},
      other: 'checkpoint passed',
    });
  });
});
