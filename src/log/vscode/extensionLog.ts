// The "Docs Assistant" log output channel. Every line is redacted before it is written, so a
// key can reach the log by no path at all.

import * as vscode from 'vscode';
import type { Logger } from '../logger';
import { redactSecrets } from '../redact';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Lines kept in memory for the extension's API: what the log showed, for diagnostics and tests. */
const RECENT_LINES = 2_000;

export class ExtensionLog implements Logger, vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Docs Assistant', { log: true });
  private readonly recent: string[] = [];

  debug(message: string): void {
    this.write('debug', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: string): void {
    this.write('error', message);
  }

  show(): void {
    this.channel.show(true);
  }

  recentLines(): readonly string[] {
    return [...this.recent];
  }

  dispose(): void {
    this.channel.dispose();
  }

  private write(level: Level, message: string): void {
    const safe = redactSecrets(message);
    this.recent.push(`${level} ${safe}`);
    if (this.recent.length > RECENT_LINES) this.recent.splice(0, this.recent.length - RECENT_LINES);
    this.channel[level](safe);
  }
}
