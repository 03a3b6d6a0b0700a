'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Select, TextInput } from '@/components/ui/field';
import type { ImportReport } from '@/lib/import/import-jobs';
import { ImportReportView } from './import-report-view';

type FileState =
  | { name: string; phase: 'waiting' | 'importing' }
  | { name: string; phase: 'uploading'; percent: number }
  | { name: string; phase: 'done'; report: ImportReport }
  | { name: string; phase: 'error'; message: string };

/** Streams one file as the raw request body (flat memory on the server) and reports upload progress. */
function uploadFile(
  file: File,
  params: URLSearchParams,
  onProgress: (percent: number) => void,
  onUploaded: () => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams(params);
    query.set('fileName', file.name);
    xhr.open('POST', `/api/imports?${query.toString()}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.upload.onload = onUploaded;
    xhr.onerror = () => reject(new Error('The upload failed: network error'));
    xhr.onload = () => {
      let body: { reports?: ImportReport[]; error?: { message?: string } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.reports?.[0]) resolve(body.reports[0]);
      else reject(new Error(body?.error?.message ?? `The upload failed (${xhr.status})`));
    };
    xhr.send(file);
  });
}

/** `onChange` fires when an import starts running on the server and when it ends, so the list can follow it. */
export function UploadImports({ maxUploadMb, onChange }: { maxUploadMb: number; onChange: () => void }) {
  const [files, setFiles] = useState<FileState[]>([]);
  const [busy, setBusy] = useState(false);

  const update = (i: number, s: FileState) => setFiles((all) => all.map((f, j) => (j === i ? s : f)));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    // An input with nothing chosen submits one nameless empty entry; a chosen 0-byte file goes to the server,
    // whose report says it is empty (dropping it here made it vanish without a word).
    const chosen = form.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
    if (!chosen.length) {
      setFiles([{ name: 'no file', phase: 'error', message: 'Choose one or more files first.' }]);
      return;
    }
    const params = new URLSearchParams();
    for (const key of ['format', 'model', 'domain', 'agent']) {
      const v = String(form.get(key) ?? '').trim();
      if (v) params.set(key, v);
    }
    setBusy(true);
    setFiles(chosen.map((f) => ({ name: f.name, phase: 'waiting' })));
    for (let i = 0; i < chosen.length; i++) {
      const file = chosen[i];
      if (file.size > maxUploadMb * 1024 * 1024) {
        update(i, {
          name: file.name,
          phase: 'error',
          message: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the upload limit is ${maxUploadMb} MB. Use the command line: npm run import -- <file>.`,
        });
        continue;
      }
      update(i, { name: file.name, phase: 'uploading', percent: 0 });
      try {
        const report = await uploadFile(
          file,
          params,
          (percent) => update(i, { name: file.name, phase: 'uploading', percent }),
          () => {
            update(i, { name: file.name, phase: 'importing' });
            onChange();
          },
        );
        update(i, { name: file.name, phase: 'done', report });
        onChange();
      } catch (err) {
        update(i, { name: file.name, phase: 'error', message: (err as Error).message });
      }
    }
    setBusy(false);
  }

  return (
    <div className="space-y-4">
      <form
        onSubmit={onSubmit}
        aria-label="Upload trajectories"
        className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="sm:col-span-2 lg:col-span-4">
          <Field label="Files (native .jsonl; τ²-bench, τ-bench, ATIF, Langfuse, Inspect or OpenHands .json; Inspect .eval; OpenHands .jsonl; a .zip or .tar.gz of a TheAgentCompany folder; .gz files)">
            <input
              name="files"
              type="file"
              multiple
              accept=".json,.jsonl,.eval,.gz,.tgz,.zip,application/json,application/zip,application/gzip"
              className="mt-1 block w-full text-sm"
            />
          </Field>
          <p className="mt-1 text-xs text-slate-600">
            Up to {maxUploadMb} MB per file. Larger files: npm run import -- &lt;file&gt;.
          </p>
        </div>
        <Field label="Format">
          <Select name="format" defaultValue="">
            <option value="">Detect automatically</option>
            <option value="native">Native JSONL (trajectory.v1)</option>
            <option value="tau2">τ²-bench results</option>
            <option value="tau1">τ-bench (v1) trajectories</option>
            <option value="inspect">Inspect AI log (.json or .eval)</option>
            <option value="atif">ATIF trajectory.json</option>
            <option value="langfuse">Langfuse trace export</option>
            <option value="checkpoints">Checkpoint results for imported runs (checkpoints.v1)</option>
            <option value="theagentcompany">TheAgentCompany folder (.zip / .tar.gz)</option>
            <option value="openhands">OpenHands events or output.jsonl</option>
          </Select>
        </Field>
        <Field label="Model (τ-bench, TheAgentCompany, OpenHands)">
          <TextInput name="model" placeholder="from the file or folder name" />
        </Field>
        <Field label="Agent (TheAgentCompany)">
          <TextInput name="agent" placeholder="from the folder name" />
        </Field>
        <Field label="Domain (τ-bench only)">
          <TextInput name="domain" placeholder="airline, retail…" />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </Button>
        </div>
      </form>
      {files.length ? (
        <ul className="space-y-3" aria-label="Uploads" aria-live="polite">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              {f.phase === 'done' ? (
                <ImportReportView report={f.report} />
              ) : f.phase === 'error' ? (
                <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700 ring-1 ring-rose-200">
                  {f.message}
                </p>
              ) : (
                <div role="status" className="rounded-md bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-200">
                  <span className="font-medium">{f.name}</span>:{' '}
                  {f.phase === 'uploading' ? (
                    <>
                      uploading {f.percent}%
                      <progress
                        className="ml-2 align-middle"
                        max={100}
                        value={f.percent}
                        aria-label={`Upload of ${f.name}`}
                      />
                    </>
                  ) : f.phase === 'importing' ? (
                    'importing… (live counts under Past imports)'
                  ) : (
                    'waiting'
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
