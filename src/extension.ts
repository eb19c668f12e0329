import type * as vscode from 'vscode';

// The extension's features arrive issue by issue; until then activation has nothing to wire.
export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
