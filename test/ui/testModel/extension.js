// A language model for the Chat view of the UI tests: VS Code sends a question to a participant
// only while a model is available, and a machine without a network has none. By default it
// answers with one fixed sentence, so that an answer of its own is never taken for the platform's.
// It says it can call tools: VS Code 1.139's model picker offers, in each of its modes, only models
// that can.
//
// For agent mode, a test gives it a script: DOCS_ASSISTANT_TEST_MODEL_DIR names a folder whose
// `script.json` says what to answer, `{ "replies": [{ "toolCalls": [{ "name", "input" }] } | { "text" }] }`
// (a name written `/pattern/` is the first tool offered whose name matches it: an MCP server's tools
// are named by VS Code),
// reply n answering a request that holds n rounds of tool calls already (so a request VS Code makes
// for itself, a title, takes nothing from the script); and the model writes every request it is sent,
// with its tools and the tool results in it, to `requests.jsonl` there.

const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

const MODEL = {
  id: 'docs-assistant-test-model',
  name: 'Docs Assistant Test Model',
  family: 'docs-assistant-test',
  version: '1.0.0',
  maxInputTokens: 100_000,
  maxOutputTokens: 4_000,
  tooltip: 'A model for tests: it answers nothing of its own.',
  capabilities: { toolCalling: true, imageInput: false },
};

const FIXED = '(The test model has nothing to say.)';

/** A request's messages as the test reads them: each part's kind and what it holds. */
function recorded(messages) {
  return messages.map((message) => ({
    role: message.role === vscode.LanguageModelChatMessageRole.User ? 'user' : 'assistant',
    parts: message.content.map((part) => {
      if (part instanceof vscode.LanguageModelTextPart) return { type: 'text', text: part.value };
      if (part instanceof vscode.LanguageModelToolCallPart)
        return { type: 'toolCall', callId: part.callId, name: part.name, input: part.input };
      if (part instanceof vscode.LanguageModelToolResultPart)
        return {
          type: 'toolResult',
          callId: part.callId,
          text: part.content.map((item) => (item instanceof vscode.LanguageModelTextPart ? item.value : JSON.stringify(item))).join(''),
        };
      return { type: 'other' };
    }),
  }));
}

function scriptOf(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'script.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

function activate(context) {
  let calls = 0;
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('docs-assistant-test', {
      provideLanguageModelChatInformation: () => [MODEL],
      provideLanguageModelChatResponse: async (_model, messages, options, progress) => {
        const dir = process.env.DOCS_ASSISTANT_TEST_MODEL_DIR;
        const script = dir && scriptOf(dir);
        if (!script) return progress.report(new vscode.LanguageModelTextPart(FIXED));
        const tools = (options.tools ?? []).map((tool) => tool.name);
        fs.appendFileSync(path.join(dir, 'requests.jsonl'), `${JSON.stringify({ tools, messages: recorded(messages) })}\n`);
        // A request of VS Code's own (a title for the chat) comes without tools.
        if (tools.length === 0) return progress.report(new vscode.LanguageModelTextPart('Test chat'));
        const rounds = messages.filter((message) =>
          message.content.some((part) => part instanceof vscode.LanguageModelToolCallPart),
        ).length;
        const reply = script.replies[rounds] ?? { text: 'Done.' };
        if (reply.text !== undefined) return progress.report(new vscode.LanguageModelTextPart(reply.text));
        for (const call of reply.toolCalls) {
          const pattern = /^\/(.+)\/$/.exec(call.name);
          const name = pattern ? (tools.find((tool) => new RegExp(pattern[1]).test(tool)) ?? call.name) : call.name;
          progress.report(new vscode.LanguageModelToolCallPart(`call-${++calls}`, name, call.input));
        }
      },
      provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text.length : 100) / 4),
    }),
  );
  // The workbench lists a provider's models once something has asked for them.
  void vscode.lm.selectChatModels({ vendor: 'docs-assistant-test' });
}

module.exports = { activate };
