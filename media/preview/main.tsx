/**
 * The preview's webview page: draws what the extension sends (the language server's answer for
 * the node under the cursor) with Shudan's Goban, and posts back what the user does: a
 * navigation direction, or a click on a point. It computes nothing about the game.
 *
 * Every string from the document (comment, title, names, marks) is rendered as text by Preact,
 * never as HTML. The page keeps what it shows in the webview state, so hiding and showing the
 * panel (or reloading the window) draws the last position at once.
 */
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Goban, type Marker, type Vertex } from '@sabaki/shudan';
import '@sabaki/shudan/css/goban.css';
import './preview.css';
import { format, NAVIGATION_KEYS, type FromWebview, type NavigationKey, type PreviewPosition, type PreviewStrings, type PreviewWebviewState, type ToWebview } from '../../client/src/preview/protocol';
import { previewStrings } from '../../client/src/preview/strings';

const vscode = acquireVsCodeApi<FromWebview, PreviewWebviewState>();

type BoardView = NonNullable<PreviewPosition['board']>;
type Sign = 0 | 1 | -1;

// ---------------------------------------------------------------------------------------------
// State

interface View {
  readonly strings: PreviewStrings;
  readonly fileName: string | undefined;
  /** The latest answer. */
  readonly position: PreviewPosition | undefined;
  /** The latest answer that had a board: what the board shows (the last position that could be computed). */
  readonly drawn: PreviewPosition | undefined;
  readonly noEditor: boolean;
  readonly notice: string | undefined;
  readonly showMoveNumbers: boolean;
  readonly showCoordinates: boolean;
}

function initialView(saved: PreviewWebviewState | undefined): View {
  const position = saved?.position;
  return {
    strings: saved?.strings ?? previewStrings((message) => message),
    fileName: saved?.fileName,
    position,
    drawn: position?.board ? position : undefined,
    noEditor: position === undefined,
    notice: undefined,
    showMoveNumbers: saved?.showMoveNumbers ?? false,
    showCoordinates: saved?.showCoordinates ?? true,
  };
}

/** The view after a message from the extension. */
function update(view: View, message: ToWebview): View {
  switch (message.type) {
    case 'init':
      return { ...view, strings: message.strings };
    case 'noEditor':
      return { ...view, noEditor: true, position: undefined, drawn: undefined, fileName: undefined, notice: undefined };
    case 'notice':
      return { ...view, notice: message.text };
    case 'position': {
      const { position } = message;
      const sameDocument = view.drawn?.uri === position.uri;
      const drawn = position.board ? position : sameDocument ? view.drawn : undefined;
      // A notice is about the position it was given for: a new cursor place clears it.
      const moved = view.position?.node?.range.start.line !== position.node?.range.start.line || view.position?.version !== position.version;
      return { ...view, noEditor: false, position, drawn, fileName: message.fileName, notice: moved ? undefined : view.notice };
    }
  }
}

function isToWebview(data: unknown): data is ToWebview {
  const type = (data as { type?: unknown } | null)?.type;
  return typeof data === 'object' && data !== null && (type === 'init' || type === 'position' || type === 'noEditor' || type === 'notice');
}

// ---------------------------------------------------------------------------------------------
// Board maps

const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export function signMapOf(board: BoardView): Sign[][] {
  return board.rows.map((row) => Array.from(row, (c): Sign => (c === 'X' ? 1 : c === 'O' ? -1 : 0)));
}

/** Labels on the board: the node's marks (§3.18 / §3.12 symbols), else move numbers when shown. */
export function markerMapOf(position: PreviewPosition, board: BoardView, showMoveNumbers: boolean): (Marker | null)[][] {
  const map: (Marker | null)[][] = board.rows.map((row) => Array.from(row, () => null));
  if (showMoveNumbers) {
    board.moveNumbers.forEach((n, i) => {
      if (n > 0) map[Math.floor(i / board.width)][i % board.width] = { type: 'label', label: String(n) };
    });
  }
  for (const mark of position.marks) {
    if (mark.y >= 0 && mark.y < board.height && mark.x >= 0 && mark.x < board.width) map[mark.y][mark.x] = { type: 'label', label: mark.symbol };
  }
  return map;
}

function columnLabel(x: number, width: number): string {
  return width <= COLUMN_LETTERS.length ? COLUMN_LETTERS[x] : String(x + 1);
}

/** Q16; past 25 columns the column is a number, so a dash separates it from the row (30-1), as the server writes it. */
function pointName(x: number, y: number, board: BoardView): string {
  const separator = board.width <= COLUMN_LETTERS.length ? '' : '-';
  return `${columnLabel(x, board.width)}${separator}${board.height - y}`;
}

// ---------------------------------------------------------------------------------------------
// Components

function Board(props: { position: PreviewPosition; board: BoardView; view: View; onPlay: (x: number, y: number, asVariation: boolean) => void }) {
  const { position, board, view } = props;
  const area = useRef<HTMLDivElement>(null);
  const [space, setSpace] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setSpace({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const signMap = useMemo(() => signMapOf(board), [board]);
  const markerMap = useMemo(() => markerMapOf(position, board, view.showMoveNumbers), [position, board, view.showMoveNumbers]);
  // In vertices: the coordinates take 1 each side, else Shudan pads .25 each side; the border .15 each side.
  const frame = (view.showCoordinates ? 2 : 0.5) + 0.3;
  const vertexSize = Math.max(2, Math.floor(Math.min(space.width / (board.width + frame), space.height / (board.height + frame))));
  const lastMove: Vertex[] = position.lastMove ? [[position.lastMove.x, position.lastMove.y]] : [];
  return (
    <div class="board-area" ref={area}>
      {space.width > 0 && (
        <Goban
          id="goban"
          vertexSize={vertexSize}
          signMap={signMap}
          markerMap={markerMap}
          selectedVertices={lastMove}
          showCoordinates={view.showCoordinates}
          coordX={(x) => columnLabel(x, board.width)}
          coordY={(y) => String(board.height - y)}
          onVertexClick={(event, [x, y]) => props.onPlay(x, y, event.shiftKey)}
        />
      )}
    </div>
  );
}

const ICONS: Record<NavigationKey, string> = {
  first: 'M3 3h2v10H3z M13 3 6 8l7 5z',
  previous: 'M11 3 4 8l7 5z',
  next: 'M5 3l7 5-7 5z',
  last: 'M11 3h2v10h-2z M3 3l7 5-7 5z',
  previousVariation: 'M3 11l5-7 5 7z',
  nextVariation: 'M3 5l5 7 5-7z',
};

function Toolbar(props: { view: View; navigate: (key: NavigationKey) => void; toggle: (what: 'showMoveNumbers' | 'showCoordinates') => void }) {
  const { view } = props;
  const s = view.strings;
  return (
    <div class="toolbar" role="toolbar">
      {NAVIGATION_KEYS.map((key) => (
        <button
          type="button"
          id={`nav-${key}`}
          class="nav"
          title={s.navigation[key]}
          aria-label={s.navigation[key]}
          disabled={!view.position?.navigation[key]}
          onClick={() => props.navigate(key)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d={ICONS[key]} />
          </svg>
        </button>
      ))}
      <span class="spacer" />
      <button type="button" id="toggle-numbers" class="toggle" aria-pressed={view.showMoveNumbers} onClick={() => props.toggle('showMoveNumbers')}>
        {s.moveNumbers}
      </button>
      <button type="button" id="toggle-coordinates" class="toggle" aria-pressed={view.showCoordinates} onClick={() => props.toggle('showCoordinates')}>
        {s.coordinates}
      </button>
    </div>
  );
}

function colorName(s: PreviewStrings, color: 'black' | 'white'): string {
  return color === 'black' ? s.black : s.white;
}

function moveLine(s: PreviewStrings, p: PreviewPosition): string {
  const parts: string[] = [];
  if (!p.node) parts.push(s.emptyBoard);
  else if (p.node.kind === 'pre') parts.push(s.setup);
  else parts.push(format(s.moveNumber, p.moveNumber));
  if (p.node?.kind === 'move' && p.color) {
    parts.push(colorName(s, p.color));
    if (p.point === null) parts.push(s.pass);
    else if (p.point && p.board) parts.push(pointName(p.point.x, p.point.y, p.board));
  }
  return parts.join(' · ');
}

function pathLine(s: PreviewStrings, p: PreviewPosition): string {
  if (p.path.mainLine) return s.mainLine;
  const forks = p.path.forks.filter((f) => f.index > 0).map((f) => format(s.fork, f.moveNumber, f.index + 1, f.count));
  return `${s.variation}: ${forks.join(' › ')}`;
}

function Info(props: { view: View }) {
  const { view } = props;
  const s = view.strings;
  const p = view.position;
  if (!p) return null;
  const problem = p.problem === 'black' ? s.problemBlack : p.problem === 'white' ? s.problemWhite : undefined;
  return (
    <div class="info">
      {(p.gameName || view.fileName) && <div id="game-name" class="game-name">{p.gameName ?? view.fileName}</div>}
      {(p.players.black.length > 0 || p.players.white.length > 0) && (
        <div id="players" class="players">
          <span class="player black"><span class="swatch black" aria-label={s.black} />{p.players.black.join(' / ')}</span>
          <span class="player white"><span class="swatch white" aria-label={s.white} />{p.players.white.join(' / ')}</span>
        </div>
      )}
      <div id="move-line" class="move-line">{moveLine(s, p)}</div>
      <div id="to-play" class="to-play">{format(s.toPlay, colorName(s, p.toPlay))}</div>
      <div id="captures" class="captures">
        {s.captures}: <span class="swatch black" aria-label={s.black} />{p.captures.black} <span class="swatch white" aria-label={s.white} />{p.captures.white}
        {p.capturedNow > 0 && <span class="captured-now"> ({format(s.capturedNow, p.capturedNow)})</span>}
      </div>
      {problem && <div id="problem" class="problem">{problem}</div>}
      {p.evaluation && <div id="evaluation" class={`evaluation ${p.evaluation}`}>{s.evaluation[p.evaluation]}</div>}
      <div id="path" class="path">{pathLine(s, p)}</div>
      {p.title !== undefined && <h2 id="node-title" class="node-title">{p.title}</h2>}
      {p.comment !== undefined && <div id="comment" class="comment">{p.comment}</div>}
    </div>
  );
}

/** Why the board is not the latest position, or is not drawn. */
function problemsOf(view: View): string[] {
  const s = view.strings;
  const p = view.position;
  if (!p) return [];
  const reasons: string[] = [];
  const reason = p.status === 'sizeUnknown' ? s.sizeUnknown : p.status === 'sizeTooLarge' ? s.sizeTooLarge : p.status === 'noDocument' ? s.noDocument : undefined;
  if (!p.board && view.drawn) reasons.push(s.keptLastPosition);
  else if (p.hasErrors) reasons.push(s.documentHasErrors);
  if (reason) reasons.push(reason);
  return reasons;
}

function App(props: { saved: PreviewWebviewState | undefined }) {
  const [view, setView] = useState<View>(() => initialView(props.saved));
  const latest = useRef(view);
  latest.current = view;

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (isToWebview(event.data)) {
        const message = event.data;
        setView((v) => update(v, message));
      }
    };
    window.addEventListener('message', onMessage);
    vscode.postMessage({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    vscode.setState({
      uri: view.position?.uri,
      fileName: view.fileName,
      position: view.drawn ?? view.position,
      strings: view.strings,
      showMoveNumbers: view.showMoveNumbers,
      showCoordinates: view.showCoordinates,
    });
  }, [view]);

  const navigate = (key: NavigationKey) => {
    if (latest.current.position?.navigation[key]) vscode.postMessage({ type: 'navigate', target: key });
  };

  useEffect(() => {
    const keys: Record<string, NavigationKey> = {
      ArrowLeft: 'previous',
      ArrowRight: 'next',
      Home: 'first',
      End: 'last',
      ArrowUp: 'previousVariation',
      ArrowDown: 'nextVariation',
    };
    const onKey = (event: KeyboardEvent) => {
      const key = keys[event.key];
      if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      navigate(key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const play = (x: number, y: number, asVariation: boolean) => vscode.postMessage({ type: 'play', x, y, asVariation });
  const toggle = (what: 'showMoveNumbers' | 'showCoordinates') => setView((v) => ({ ...v, [what]: !v[what] }));

  const s = view.strings;
  const drawn = view.drawn;
  const problems = problemsOf(view);
  return (
    <div class="preview">
      <div class="board-column">
        {drawn?.board ? (
          <Board position={drawn} board={drawn.board} view={view} onPlay={play} />
        ) : (
          <div id="placeholder" class="placeholder">{view.noEditor ? s.noEditor : problems.join(' ')}</div>
        )}
        <Toolbar view={view} navigate={navigate} toggle={toggle} />
      </div>
      <div class="side">
        {problems.length > 0 && (
          <div id="problems" class="banner error" role="status">
            {problems.join(' ')}
          </div>
        )}
        {view.notice && (
          <div id="notice" class="banner warning" role="alert">
            {view.notice}
          </div>
        )}
        <Info view={view} />
        {drawn?.board && <div class="hint">{s.clickToPlay}</div>}
      </div>
    </div>
  );
}

const root = document.getElementById('root');
if (root) render(<App saved={vscode.getState()} />, root);
