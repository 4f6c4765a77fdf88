/**
 * The conversion commands: "Import SGF…", "Convert to wei7 3.0" and "Export as SGF". The server
 * converts (wei7/convert); the result opens in a new editor, and warnings about what the target
 * format cannot hold go to an output channel.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ConvertParams, ConvertResult } from '../../server/src/features/convertDocument';

const CONVERT_REQUEST = 'wei7/convert';

export const CONVERT_COMMANDS = {
  importSgf: 'wei7.importSgf',
  convertTo30: 'wei7.convertTo30',
  exportSgf: 'wei7.exportSgf',
} as const;

type Target = ConvertParams['to'];

async function convertAndOpen(
  client: LanguageClient,
  output: vscode.OutputChannel,
  bytes: Uint8Array,
  fileName: string,
  to: Target,
): Promise<vscode.TextDocument | undefined> {
  const params: ConvertParams = { contentBase64: Buffer.from(bytes).toString('base64'), fileName, to };
  const result = await client.sendRequest<ConvertResult | null>(CONVERT_REQUEST, params);
  if (!result) return undefined;
  if (result.warnings.length) {
    output.appendLine(vscode.l10n.t('{0}: {1} warning(s)', fileName, result.warnings.length));
    for (const warning of result.warnings) output.appendLine(`  ${warning}`);
  }
  if (!result.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not convert {0}: {1}', fileName, result.error));
    return undefined;
  }
  const language = to === 'sgf' ? ((await vscode.languages.getLanguages()).includes('sgf') ? 'sgf' : 'plaintext') : 'wei7';
  const document = await vscode.workspace.openTextDocument({ language, content: result.text });
  await vscode.window.showTextDocument(document, { preview: false });
  if (result.warnings.length) {
    const show = vscode.l10n.t('Show Warnings');
    void vscode.window
      .showWarningMessage(vscode.l10n.t('Converted with {0} warning(s): some things the target format cannot hold were left out.', result.warnings.length), show)
      .then((choice) => choice === show && output.show(true));
  }
  return document;
}

/** The active wei7 editor's text as bytes, with a file name for format detection. */
function activeWei7(): { bytes: Uint8Array; fileName: string } | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (!document || document.languageId !== 'wei7') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a .wei7 document first.'));
    return undefined;
  }
  return { bytes: new TextEncoder().encode(document.getText()), fileName: document.isUntitled ? 'untitled.wei7' : document.fileName };
}

export function registerConversions(context: vscode.ExtensionContext, client: LanguageClient): void {
  const output = vscode.window.createOutputChannel(vscode.l10n.t('wei7 Conversion'));
  context.subscriptions.push(
    output,
    // A URI argument skips the dialog (used by the end-to-end tests and by other extensions).
    vscode.commands.registerCommand(CONVERT_COMMANDS.importSgf, async (uri?: vscode.Uri) => {
      const picked =
        uri ??
        (
          await vscode.window.showOpenDialog({
            canSelectMany: false,
            openLabel: vscode.l10n.t('Import'),
            filters: { [vscode.l10n.t('Game records (SGF, 石葉 XML)')]: ['sgf', 'SGF', 'xml'] },
          })
        )?.[0];
      if (!picked) return undefined;
      const bytes = await vscode.workspace.fs.readFile(picked);
      return convertAndOpen(client, output, bytes, picked.path.split('/').pop() ?? 'game.sgf', 'json');
    }),
    vscode.commands.registerCommand(CONVERT_COMMANDS.convertTo30, async () => {
      const input = activeWei7();
      return input && convertAndOpen(client, output, input.bytes, input.fileName, 'json');
    }),
    vscode.commands.registerCommand(CONVERT_COMMANDS.exportSgf, async () => {
      const input = activeWei7();
      return input && convertAndOpen(client, output, input.bytes, input.fileName, 'sgf');
    }),
  );
}
