// The core's and the shared modules' words in the user's language: they say them with @vscode/l10n
// (they do not import vscode), which is given here the bundle VS Code loaded for its display
// language, and that language for plurals, lists and ages. Imported first by each host's features,
// so that it runs before any module that says a word (test/unit/architecture.test.ts checks). The
// other two places words are said get the same bundle handed to them: the chat view in its page
// (webviewHtml), the Markdown preview's plugin through extendMarkdownIt.

import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { setDisplayLanguage } from '../shared/language';

if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
setDisplayLanguage(vscode.env.language);
