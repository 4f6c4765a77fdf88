/**
 * The edits of each open document, as the protocol delivers them, so that the analysis of a new
 * version can start from the previous one (analysis.ts, reanalyze) instead of from scratch.
 *
 * TextDocuments applies the changes and forgets them; its configuration's `update` is where they
 * pass, so the log wraps it and records each change as offsets into the text it applies to.
 */
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextChange } from '../analysis';
import { EditedDocument } from './editedDocument';

interface LoggedChange {
  /** The version the change produced. */
  readonly version: number;
  readonly change: TextChange;
}

/** The changes of one document since `base`, the last version analysed. */
interface DocumentLog {
  base: number;
  entries: LoggedChange[];
}

export class ChangeLog {
  private readonly logs = new Map<string, DocumentLog>();

  /** The TextDocuments configuration that records every change it applies. */
  readonly configuration: TextDocumentsConfiguration<EditedDocument> = {
    create: (uri, languageId, version, content) => {
      this.logs.set(uri, { base: version, entries: [] });
      return new EditedDocument(uri, languageId, version, content);
    },
    update: (document, changes, version) => {
      const log = this.logs.get(document.uri);
      // One at a time: each change's range is in the text the changes before it produced.
      for (const change of changes) {
        log?.entries.push({ version, change: toTextChange(document, change) });
        document.update([change], version);
      }
      return document;
    },
  };

  /**
   * The changes that turned version `from` (the last one analysed) into version `to`, in order;
   * undefined when the log does not hold exactly those (the caller then analyses from scratch).
   */
  between(uri: string, from: number, to: number): TextChange[] | undefined {
    const log = this.logs.get(uri);
    if (!log || log.base !== from || log.entries.length === 0) return undefined;
    return log.entries[log.entries.length - 1].version === to ? log.entries.map((entry) => entry.change) : undefined;
  }

  /** Version `version` has been analysed: the changes up to it are no longer needed. */
  analysed(uri: string, version: number): void {
    const log = this.logs.get(uri);
    if (!log) return;
    log.base = version;
    log.entries = log.entries.filter((entry) => entry.version > version);
  }

  forget(uri: string): void {
    this.logs.delete(uri);
  }
}

function toTextChange(document: EditedDocument, change: TextDocumentContentChangeEvent): TextChange {
  if ('range' in change) return { ...document.offsetsOf(change.range), text: change.text };
  return { start: 0, end: document.text.length, text: change.text };
}
