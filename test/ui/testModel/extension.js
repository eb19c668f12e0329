// A language model for the Chat view of the UI tests: VS Code sends a question to a participant
// only while some model is available, and a machine without a network has none. This one answers
// with one fixed sentence, so that an answer of its own is never taken for the platform's. It says
// it can call tools (it never does): VS Code 1.139's model picker offers, in each of its modes,
// only models that can.

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

function activate(context) {
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('docs-assistant-test', {
      provideLanguageModelChatInformation: () => [MODEL],
      provideLanguageModelChatResponse: async (_model, _messages, _options, progress) => {
        progress.report(new vscode.LanguageModelTextPart('(The test model has nothing to say.)'));
      },
      provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text.length : 100) / 4),
    }),
  );
  // The workbench lists a provider's models once something has asked for them.
  void vscode.lm.selectChatModels({ vendor: 'docs-assistant-test' });
}

module.exports = { activate };
