/** What the webview page's code can use besides the DOM: the VS Code webview API and bundled CSS. */

/** The API VS Code gives a webview page; acquired once. */
interface VsCodeWebviewApi<Message, State> {
  postMessage(message: Message): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi<Message = unknown, State = unknown>(): VsCodeWebviewApi<Message, State>;

/** Stylesheets imported for esbuild to bundle into dist/preview.css. */
declare module '*.css';
