import { describe, expect, it } from 'vitest';
import {
  inputMessages,
  outputMessages,
  spanKind,
  spanModel,
  spanUsage,
  toolExecution,
} from '@/lib/import/adapters/span-attributes';

describe('span attributes', () => {
  it('reads OpenInference messages with tool calls and tool results', () => {
    const attrs = {
      'openinference.span.kind': 'LLM',
      'llm.model_name': 'kestrel-small',
      'llm.input_messages.0.message.role': 'user',
      'llm.input_messages.0.message.contents.0.message_content.type': 'text',
      'llm.input_messages.0.message.contents.0.message_content.text': 'Boil water.',
      'llm.input_messages.1.message.role': 'assistant',
      'llm.input_messages.1.message.tool_calls.0.tool_call.id': 'c1',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'boil',
      'llm.input_messages.1.message.tool_calls.0.tool_call.function.arguments': '{"litres": 1}',
      'llm.input_messages.2.message.role': 'tool',
      'llm.input_messages.2.message.tool_call_id': 'c1',
      'llm.input_messages.2.message.content': 'boiling',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.content': 'Done.',
      'llm.token_count.prompt': '12',
      'llm.token_count.completion': 3,
    };
    expect(spanKind(attrs)).toBe('llm');
    expect(spanModel(attrs)).toBe('kestrel-small');
    expect(spanUsage(attrs)).toEqual({ input: 12, output: 3, total: 15 });
    expect(inputMessages(attrs)).toEqual([
      { role: 'user', content: 'Boil water.', toolCalls: [], toolCallId: null },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'boil', arguments: { litres: 1 } }],
        toolCallId: null,
      },
      { role: 'tool', content: 'boiling', toolCalls: [], toolCallId: 'c1' },
    ]);
    expect(outputMessages(attrs)).toEqual([{ role: 'assistant', content: 'Done.', toolCalls: [], toolCallId: null }]);
  });

  it('reads the GenAI JSON messages, the older indexed prompt/completion, and tool spans of each convention', () => {
    const json = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'kestrel-large',
      'gen_ai.output.messages': JSON.stringify([
        { role: 'assistant', parts: [{ type: 'tool_call', id: 'c2', name: 'descale', arguments: { acid: 'citric' } }] },
      ]),
      'gen_ai.input.messages': JSON.stringify([
        { role: 'user', parts: [{ type: 'text', content: 'Descale.' }] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c0', response: { ok: true } }] },
      ]),
    };
    expect(spanKind(json)).toBe('llm');
    expect(inputMessages(json)).toEqual([
      { role: 'user', content: 'Descale.', toolCalls: [], toolCallId: null },
      { role: 'tool', content: '{"ok":true}', toolCalls: [], toolCallId: 'c0' },
    ]);
    expect(outputMessages(json)[0].toolCalls).toEqual([{ id: 'c2', name: 'descale', arguments: { acid: 'citric' } }]);

    const older = {
      'gen_ai.prompt.0.role': 'user',
      'gen_ai.prompt.0.content': 'Hi',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.tool_calls.0.id': 'c3',
      'gen_ai.completion.0.tool_calls.0.name': 'wave',
      'gen_ai.completion.0.tool_calls.0.arguments': '{}',
    };
    expect(inputMessages(older)).toEqual([{ role: 'user', content: 'Hi', toolCalls: [], toolCallId: null }]);
    expect(outputMessages(older)[0].toolCalls).toEqual([{ id: 'c3', name: 'wave', arguments: {} }]);

    const genAiTool = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'boil',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.call.arguments': '{"litres":1}',
      'gen_ai.tool.call.result': 'boiling',
    };
    expect(spanKind(genAiTool)).toBe('tool');
    expect(toolExecution(genAiTool)).toEqual({
      name: 'boil',
      callId: 'c1',
      arguments: { litres: 1 },
      result: 'boiling',
    });
    const oiTool = { 'openinference.span.kind': 'TOOL', 'tool.name': 'boil', 'input.value': 'x', 'output.value': 'y' };
    expect(toolExecution(oiTool)).toEqual({ name: 'boil', callId: null, arguments: 'x', result: 'y' });
    expect(spanKind({ 'ai.operationId': 'ai.toolCall' })).toBe('tool');
    expect(spanKind({ 'ai.operationId': 'ai.generateText.doGenerate' })).toBe('llm');
    expect(spanKind({})).toBe('other');
  });
});
