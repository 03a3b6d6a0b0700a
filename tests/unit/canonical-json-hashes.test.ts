import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '@/lib/import/adapters';
import type { ImportFormat } from '@/lib/import/adapters/types';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { taskDefinitionHash, trajectoryHash } from '@/lib/import/write-record';
import { canonicalJson } from '@/lib/text/canonical-json';

/** `trajectoryHash taskDefinitionHash` of each record, as stored by imports before canonical JSON had one owner. */
const STORED: [string, ImportFormat, string[]][] = [
  [
    'native-valid.jsonl',
    'native',
    [
      '886fc5907e765b8075501b393f52a979dd479cafe52ba82d7b034f9c3dfbb99f c6946f01643929ed0de9bf732f15af4f5c088acf3b675f54406ab9f2c3bb7b78',
      '0626ea010e4855ae5dbd3a17181b7f97c89a2f59cd980629d31732d39219ba9b c6946f01643929ed0de9bf732f15af4f5c088acf3b675f54406ab9f2c3bb7b78',
      'e145c942944ecfbe49caac9f5ba83ea491a44641d9877ea15fe8b39eba1fc22d e218368e136668a7c923343492a4ecfdb04b3fa0ebf2a5f12e765f36af5478d4',
    ],
  ],
  [
    'tau2-bakery.json',
    'tau2',
    [
      'a69f66d6b0d437fc7e73f0141196f28fe8f62db119330db0bd165036255eff66 98acd379cf75ec608bdb592f2a3446bc6197eec8924e000c04e1c06529fbfffc',
      '9a8c8bb65dc94840f7e45360a8c243c82195f6b9a0ac375ff53656f538326c27 98acd379cf75ec608bdb592f2a3446bc6197eec8924e000c04e1c06529fbfffc',
      '73233c581733b1117684cf8665f9174745aaeaa7a2a2de5947a6ea45906b59ac b4045dd8cbcf6bfa0a76ef7e1e2028535ee6dc66662d8991a83ff30dbc03937a',
      'c1c706d30bce1aa6215c443af3ae0e3c2b8500d43dfabb771236d7303f67f99c b4045dd8cbcf6bfa0a76ef7e1e2028535ee6dc66662d8991a83ff30dbc03937a',
    ],
  ],
  [
    'atif-hand-edited.json',
    'atif',
    [
      '7806403331ead94b875afd8ea5332492f6ba536ed33010da9004e27cf952209a 846e1821c4e0324ab4f60dfc31c77811dacadc67de775fb22a8f4369b16dce98',
    ],
  ],
];

describe('canonical JSON', () => {
  it('sorts keys at every level, drops undefined values, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":null,"z":1}]},"b":1}',
    );
    // Integer-like keys sort as text, not in the engine's numeric property order.
    expect(canonicalJson({ '9': 1, '10': 2 })).toBe('{"10":2,"9":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it.each(STORED)('keeps the stored content hashes of %s', async (file, format, expected) => {
    const hashes: string[] = [];
    const input = createReadStream(`tests/fixtures/import/${file}`);
    for await (const item of ADAPTERS[format](input, { fileName: file })) {
      if (item.kind !== 'record') continue;
      const record = nativeRecordSchema.parse(item.record);
      hashes.push(`${trajectoryHash(record)} ${taskDefinitionHash(record.task)}`);
    }
    expect(hashes).toEqual(expected);
  });
});
