// Bytes of a Server-Sent Events body in, typed chunks out, incrementally. UTF-8 characters and
// SSE lines may be split anywhere between reads; CRLF line endings and comments are legal SSE.

import { createParser, type EventSourceParser } from 'eventsource-parser';
import { readChunk, type StreamChunk } from './chunks';

export interface DecoderSink {
  onChunk(chunk: StreamChunk): void;
  /** A piece of the stream was skipped; the stream goes on. */
  onWarning(message: string): void;
}

export class SseDecoder {
  private readonly text = new TextDecoder('utf-8');
  private readonly parser: EventSourceParser;
  private sawDone = false;
  private lineBytes = 0;

  constructor(private readonly sink: DecoderSink) {
    this.parser = createParser({
      onEvent: (event) => this.onData(event.data),
      onError: (error) => sink.onWarning(`Malformed stream line skipped: ${error.message}`),
    });
  }

  /** True once `data: [DONE]` arrived: nothing after it is read. */
  get done(): boolean {
    return this.sawDone;
  }

  /** Bytes of the line not yet ended: the parser holds it whole until its newline comes. */
  get openLineBytes(): number {
    return this.lineBytes;
  }

  feed(bytes: Uint8Array): void {
    if (this.sawDone) return;
    const lastBreak = Math.max(bytes.lastIndexOf(0x0a), bytes.lastIndexOf(0x0d));
    this.lineBytes = lastBreak < 0 ? this.lineBytes + bytes.length : bytes.length - lastBreak - 1;
    this.parser.feed(this.text.decode(bytes, { stream: true }));
  }

  /** Flushes what is left at the end of the body: a last event without its blank line still counts. */
  end(): void {
    if (this.sawDone) return;
    const rest = this.text.decode();
    this.parser.feed(`${rest}\n\n`);
  }

  private onData(data: string): void {
    if (this.sawDone) return;
    if (data === '[DONE]') {
      this.sawDone = true;
      return;
    }
    const reading = readChunk(data);
    if (reading.kind === 'chunk') this.sink.onChunk(reading.chunk);
    else if (reading.kind === 'invalid') this.sink.onWarning(`Stream chunk skipped (${reading.reason}).`);
  }
}
