import { describe, expect, it } from 'vitest';
import { editorStatus } from '@/components/diagnosis/diagnosis-editor-footer';

const base = {
  submitting: false,
  conflict: false,
  saving: false,
  submitted: false,
  changed: false,
  revisionCount: 0,
  saved: false,
  started: false,
};

describe('the diagnosis footer while another annotator holds the trajectory', () => {
  it('says the form is read-only and who holds it, instead of "Not started" beside a greyed-out submit button', () => {
    expect(editorStatus({ ...base, heldBy: 'Ana Annotator' })).toBe(
      'Read-only: Ana Annotator is working on this trajectory',
    );
    expect(editorStatus({ ...base, heldBy: 'Ana Annotator', started: true, submitted: true })).toBe(
      'Read-only: Ana Annotator is working on this trajectory',
    );
  });

  it('keeps the usual status when nobody else holds it', () => {
    expect(editorStatus({ ...base, heldBy: null })).toBe('Not started');
    expect(editorStatus({ ...base, started: true, saved: true })).toBe('Draft saved');
  });
});
