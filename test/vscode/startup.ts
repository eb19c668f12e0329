// Read once, before any test can activate the extension: was it already active at start-up?

import * as vscode from 'vscode';
import { EXTENSION_ID } from './support';

export const activeAtStartup: boolean = vscode.extensions.getExtension(EXTENSION_ID)?.isActive ?? false;
