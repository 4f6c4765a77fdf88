/**
 * A minimal LSP client for tests: starts the built server (dist/server.js) over stdio and speaks
 * the real protocol with vscode-jsonrpc, as an editor would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

export interface LspTextEdit {
  readonly range: LspRange;
  readonly newText: string;
}

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    severity?: number;
    code?: string | number;
    codeDescription?: { href: string };
    source?: string;
    message: string;
    relatedInformation?: { location: { uri: string; range: LspRange }; message: string }[];
  }[];
}

export class TestLspClient {
  readonly connection: MessageConnection;
  private readonly process: ChildProcess;
  private readonly waiters: { uri: string; version?: number; resolve: (p: PublishedDiagnostics) => void }[] = [];
  readonly published: PublishedDiagnostics[] = [];

  constructor() {
    const server = resolve(__dirname, '../../dist/server.js');
    this.process = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.connection = createMessageConnection(
      new StreamMessageReader(this.process.stdout as NodeJS.ReadableStream),
      new StreamMessageWriter(this.process.stdin as NodeJS.WritableStream),
    );
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
      this.published.push(p);
      for (const w of [...this.waiters]) {
        if (w.uri === p.uri && (w.version === undefined || w.version === p.version)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(p);
        }
      }
    });
    this.connection.listen();
  }

  async initialize(locale = 'en'): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, locale });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** Resolves with the next diagnostics published for the document (at that version, if given). */
  diagnosticsFor(uri: string, version?: number): Promise<PublishedDiagnostics> {
    return new Promise((resolveWaiter) => this.waiters.push({ uri, version, resolve: resolveWaiter }));
  }

  async open(uri: string, text: string, version = 1): Promise<PublishedDiagnostics> {
    const published = this.diagnosticsFor(uri, version);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'wei7', version, text } });
    return published;
  }

  async change(uri: string, version: number, changes: unknown[]): Promise<PublishedDiagnostics> {
    const published = this.diagnosticsFor(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return published;
  }

  async close(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } finally {
      this.connection.dispose();
      this.process.kill();
    }
  }
}
