// Japanese and English labels. The language is a setting kept in the browser.
const LABELS = {
  appName: ['kifudb', 'kifudb'],
  board: ['Board', '盤面'], games: ['Games', '棋譜一覧'], search: ['Pattern search', '局面検索'], import: ['Import', '取り込み'],
  settings: ['Settings', '設定'], language: ['Language', '言語'], pieceNames: ['Piece names', '駒の表記'],
  oneChar: ['one character', '一文字'], twoChar: ['two characters', '二文字'], rankLabels: ['Rank labels', '段の表記'],
  kanjiRanks: ['kanji (一…十二)', '漢数字 (一…十二)'], letterRanks: ['letters (a…l, as USI)', 'アルファベット (a…l, USI)'],
  apiKey: ['API key', 'APIキー'], apiKeyAsk: ['This needs the API key of the service (kept in this browser only).', 'この操作にはサービスのAPIキーが必要です（このブラウザにだけ保存されます）。'],
  apiKeyWrong: ['The service refused this key. Give the right one.', 'このキーは拒否されました。正しいキーを入力してください。'],
  save: ['Save', '保存'], cancel: ['Cancel', 'キャンセル'], forget: ['Forget the key', 'キーを消去'], close: ['Close', '閉じる'],
  flip: ['Flip', '反転'], first: ['First', '最初'], prev: ['Back', '戻る'], next: ['Forward', '進む'], last: ['Last', '最後'],
  rules: ['Rule set', 'ルール'], sfen: ['SFEN', 'SFEN'], setPosition: ['Set up', '局面を設定'], startPosition: ['Start position', '初期局面'],
  moves: ['Moves', '指し手'], usi: ['USI', 'USI'], japanese: ['Japanese', '日本式'], notation: ['Notation', '表記'],
  sente: ['Sente', '先手'], gote: ['Gote', '後手'], draw: ['Draw', '引き分け'], ongoing: ['Ongoing', '対局中'], draws: ['Draws', '引分'],
  toMove: ['to move', '番'], result: ['Result', '結果'], reason: ['Reason', '理由'], event: ['Event', '棋戦'], date: ['Date', '日付'],
  site: ['Site', '場所'], source: ['Source', '出典'], player: ['Player', '対局者'], plies: ['Plies', '手数'], ply: ['Ply', '手'],
  comments: ['Comments', 'コメント'], download: ['Download', 'ダウンロード'], linkPosition: ['Link to this position', 'この局面へのリンク'],
  openBoard: ['Open on the analysis board', '検討盤で開く'], backToGame: ['Back to the game', '棋譜に戻る'],
  explorer: ['Explorer', '定跡'], nextMoves: ['Next moves', '次の一手'], topGames: ['Top games', '主な棋譜'],
  gamesWithPosition: ['Games with this position', 'この局面を含む棋譜'], transpositions: ['any move order (transpositions included)', '手順前後を含む'],
  noGames: ['No stored game reaches this position.', 'この局面に至る棋譜はありません。'],
  analysis: ['Analysis', '解析'], analyse: ['Analyse', '解析する'], stop: ['Stop', '停止'], depth: ['Depth', '深さ'], time: ['Time (ms)', '時間 (ms)'],
  lines: ['Lines', '候補数'], cached: ['cached evaluation', 'キャッシュ済みの評価'], nodes: ['nodes', 'ノード'], nps: ['nodes/s', 'ノード/秒'],
  gameAnalysis: ['Whole-game analysis', '棋譜解析'], analyseGame: ['Analyse the game', '棋譜を解析する'], movetime: ['ms per position', '1局面あたり ms'],
  inaccuracies: ['inaccuracies', '疑問手'], mistakes: ['mistakes', '悪手'], blunders: ['blunders', '大悪手'],
  inaccuracy: ['inaccuracy', '疑問手'], mistake: ['mistake', '悪手'], blunder: ['blunder', '大悪手'], noAnalysis: ['Not analysed yet.', 'まだ解析されていません。'],
  filters: ['Filters', '絞り込み'], text: ['Text', 'テキスト'], from: ['From', '開始日'], to: ['To', '終了日'], any: ['any', 'すべて'],
  find: ['Search', '検索'], reset: ['Reset', 'リセット'], page: ['Page', 'ページ'], of: ['of', '/'], total: ['total', '件'],
  kind: ['Kind', '種類'], kindGames: ['Games', '対局'], kindProblems: ['Problems', '詰将棋'], allKinds: ['Games and problems', '対局と詰将棋'],
  game: ['Game', '対局'], problem: ['Problem', '詰将棋'],
  previousPage: ['Previous', '前へ'], nextPage: ['Next', '次へ'], open: ['Open', '開く'],
  pieces: ['Pieces', '駒'], absent: ['Absent', '無い駒'], empty: ['Empty square', '空き升'], erase: ['Erase', '消す'],
  material: ['Material', '駒数'], min: ['min', '最小'], max: ['max', '最大'], sideToMove: ['Side to move', '手番'],
  plyFrom: ['From ply', '開始手数'], plyTo: ['To ply', '終了手数'], addMaterial: ['Add', '追加'], patternHelp: [
    'Choose a piece (or Absent / Empty) and click squares. Click a marked square again to clear it.',
    '駒（または「無い駒」「空き升」）を選び、升をクリックします。もう一度クリックすると消えます。'],
  hits: ['matching positions', '一致した局面'], atPly: ['at ply', '手目'],
  importTitle: ['Import records', '棋譜の取り込み'], dropHere: ['Drop record files or a zip here, or choose them', '棋譜ファイルまたはzipをここにドロップするか選択してください'],
  lenient: ['Lenient (store the legal prefix of a broken record)', '寛容モード（不正な棋譜の合法な部分を保存）'],
  rulesAuto: ["each record's own / its format's default", '各棋譜の指定・形式の既定'], start: ['Start', '開始'],
  imported: ['imported', '取り込み'], duplicates: ['duplicates', '重複'], failed: ['failed', '失敗'], processed: ['processed', '処理済み'],
  status: ['Status', '状態'], failedRecords: ['Failed records', '失敗した棋譜'], importedGames: ['Imported games', '取り込んだ棋譜'],
  recentJobs: ['Recent imports', '最近の取り込み'], line: ['line', '行'], promote: ['Promote?', '成りますか？'], promoteYes: ['Promote', '成る'],
  promoteNo: ['Do not promote', '成らない'], choose: ['Which move?', 'どの手にしますか？'], exchange: ['Exchange', '入れ替え'],
  normalCapture: ['Normal capture', '取り捨て'], offBoard: ['Leave the board', '盤外へ'], tryMove: ['Try', 'トライ'],
  pass: ['pass', 'じっと'], stopHere: ['stop here', 'ここで止まる'], gameOver: ['Game over', '終局'], error: ['Error', 'エラー'],
  loading: ['Loading…', '読み込み中…'], none: ['none', 'なし'], freeBoard: ['Free board', '自由盤'], score: ['Score', '評価値'],
  mate: ['mate', '詰み'], best: ['best', '最善'], play: ['Play', '指す'], files: ['files', 'ファイル'], records: ['records', '件'],
};

let lang = localStorage.getItem('kifudb.lang') || (navigator.language && navigator.language.startsWith('ja') ? 'ja' : 'en');

export function t(key) {
  const l = LABELS[key];
  if (!l) return key;
  return lang === 'ja' ? l[1] : l[0];
}
export function language() { return lang; }
export function setLanguage(l) { lang = l; localStorage.setItem('kifudb.lang', l); document.documentElement.lang = l; }

const REASONS_JA = {
  'royal-captured': '玉取り', checkmate: '詰み', 'bare-king': '裸玉', 'no-legal-move': '指し手なし', repetition: '千日手',
  'perpetual-check': '連続王手の千日手', 'perpetual-attack': '連続攻撃の千日手', 'royals-only': '玉のみ', 'ply-limit': '手数制限',
  try: 'トライ', 'royal-try': 'トライ', 'king-exit': '玉の盤外', resign: '投了', 'move-limit': '手数制限', draw: '引き分け',
};
export function reasonLabel(r) { return r ? (lang === 'ja' ? REASONS_JA[r] || r : r) : ''; }
export function resultLabel(r) { return r ? t(r) : ''; }
