/// studio.css: a quiet, readable look; the pictures carry the colour.
enum StudioStyle {
    static let text = """
        :root { color-scheme: light; --border: #D0D7DE; --muted: #59636E; --accent: #0969DA; --soft: #F6F8FA; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1F2328; background: white; }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        code { font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        header.top { display: flex; gap: 16px; align-items: center; padding: 8px 20px; border-bottom: 1px solid var(--border); background: var(--soft); }
        header.top .brand { font-weight: 700; color: #1F2328; }
        header.top .store { color: var(--muted); font-size: 12px; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .live { font-size: 12px; color: var(--muted); }
        .live::before { content: "●"; margin-right: 4px; color: #BF8700; }
        .live[data-state="on"]::before { color: #1A7F37; }
        .live[data-state="off"]::before { color: #CF222E; }
        main { padding: 16px 20px 40px; }
        h1 { font-size: 20px; margin: 0 0 12px; }
        h2 { font-size: 15px; margin: 0 0 8px; }
        h3 { font-size: 13px; margin: 16px 0 6px; }
        .meta, .muted, .hint { color: var(--muted); font-size: 12px; }
        .empty { color: var(--muted); }
        .warning { background: #FFF8C5; border: 1px solid #D4A72C; padding: 6px 10px; border-radius: 6px; }
        table { border-collapse: collapse; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--border); vertical-align: top; }
        th { font-weight: 600; font-size: 12px; color: var(--muted); }
        td.number, th.number { text-align: right; }
        table.documents td { vertical-align: middle; }
        table.documents .thumb img { width: 60px; height: 130px; object-fit: contain; object-position: top; border: 1px solid var(--border); border-radius: 4px; background: white; display: block; }
        table.documents .name { font-weight: 600; font-size: 15px; }
        .count { display: inline-block; min-width: 20px; padding: 0 6px; border-radius: 10px; background: #CF222E; color: white; font-size: 12px; text-align: center; }
        nav.tabs { display: flex; gap: 4px; align-items: baseline; border-bottom: 1px solid var(--border); margin-bottom: 12px; flex-wrap: wrap; }
        nav.tabs h1 { margin: 0 20px 0 0; }
        nav.tabs a { padding: 6px 12px; border-bottom: 2px solid transparent; color: #1F2328; }
        nav.tabs a.active { border-bottom-color: #FD8C73; font-weight: 600; }
        .toolbar { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; margin-bottom: 12px; }
        .toolbar input[type=number] { width: 5.5em; }
        .toolbar .modes { margin: 0; }
        .toolbar label { white-space: nowrap; }
        .toolbar select { max-width: 14em; }
        [data-screen-form] { flex-wrap: nowrap; }
        [data-screen-form] label:first-child { min-width: 0; overflow: hidden; }
        [data-screen-form] select { max-width: 11em; }
        [data-screen-form] input[type=number] { width: 4.8em; }
        .button, button { font: inherit; font-size: 13px; padding: 4px 12px; border: 1px solid var(--border); border-radius: 6px; background: var(--soft); color: #1F2328; cursor: pointer; }
        button[data-action="keep"] { background: #1F883D; color: white; border-color: #1A7F37; }
        .document { display: flex; gap: 24px; align-items: flex-start; }
        .stage { flex: 1 1 0; min-width: 0; }
        .zoom { display: inline-flex; gap: 4px; align-items: center; }
        .zoom button[aria-pressed="true"] { background: #DDF4FF; border-color: var(--accent); }
        .zoom output { color: var(--muted); font-size: 12px; min-width: 3.5em; }
        .screen { position: relative; box-shadow: 0 0 0 1px var(--border), 0 8px 24px rgba(140, 149, 159, 0.2); background: white; }
        .screen > svg { display: block; width: 100%; height: 100%; }
        .screen g[data-view] { cursor: pointer; }
        .screen g[data-view]:hover > rect { stroke: var(--accent); stroke-width: 1; }
        .screen .selection { position: absolute; pointer-events: none; border: 2px solid #FFFFFF; outline: 2px solid #000000; box-shadow: 0 0 0 4px #FB8500; }
        .screen .handle { position: absolute; right: -9px; bottom: -9px; width: 18px; height: 18px; border-radius: 50%; background: var(--accent); border: 3px solid white; box-shadow: 0 0 0 1px var(--accent); cursor: nwse-resize; touch-action: none; }
        .screen.resizing { outline: 2px dashed var(--accent); }
        .caption { color: var(--muted); font-size: 12px; margin: 8px 0; }
        .side { flex: 0 0 clamp(300px, 30vw, 420px); display: flex; flex-direction: column; gap: 16px; position: sticky; top: 8px; height: calc(100vh - 112px); min-height: 420px; }
        .panel { border: 1px solid var(--border); border-radius: 8px; padding: 12px; overflow: auto; flex: 0 1 auto; min-height: 0; max-height: 42%; }
        .side .history { flex: 1 1 200px; min-height: 150px; display: flex; flex-direction: column; }
        .checks { border: 1px solid var(--border); border-radius: 8px; padding: 8px 12px; overflow: auto; }
        .side .checks { flex: 0 0 auto; max-height: 24%; }
        .checks h2 { margin: 0; }
        .checks h3 { margin: 8px 0 4px; }
        .checks ul { list-style: none; margin: 0; padding: 0; }
        .checks li { padding: 3px 4px; font-size: 12px; border-bottom: 1px solid var(--soft); }
        .checks li.selected { background: #DDF4FF; box-shadow: inset 3px 0 0 var(--accent); }
        .checks .check-name { color: var(--muted); font-size: 11px; white-space: nowrap; }
        .sheet-page { display: flex; gap: 24px; align-items: flex-start; }
        .sheet-page .sheet { flex: 1 1 auto; min-width: 0; }
        .sheet-page .checks { flex: 0 0 320px; position: sticky; top: 8px; max-height: calc(100vh - 140px); }
        .panel .kind { font-weight: 400; color: var(--muted); font-size: 12px; }
        .panel table.properties th { width: 40%; }
        .panel .frame b { font-weight: 600; }
        ol.versions, ol.view-history { list-style: none; margin: 0; padding: 0; }
        ol.versions { flex: 1 1 auto; min-height: 0; overflow: auto; border: 1px solid var(--border); border-radius: 8px; }
        ol.versions li a { display: block; padding: 6px 10px; color: #1F2328; border-bottom: 1px solid var(--soft); }
        ol.versions li.current a { background: #DDF4FF; box-shadow: inset 3px 0 0 var(--accent); }
        ol.versions .number, ol.view-history .number { display: inline-block; min-width: 2em; font-weight: 600; }
        ol.versions .id { color: var(--muted); }
        ol.versions .message, ol.view-history a { overflow-wrap: anywhere; }
        ol.versions .meta { display: block; margin-left: 2em; }
        .tag, .merge { margin-left: 6px; padding: 0 6px; border-radius: 10px; font-size: 11px; border: 1px solid #D4A72C; color: #7D4E00; background: #FFF8C5; }
        .merge { border-color: #8250DF; color: #6639BA; background: #FBEFFF; }
        .lost { display: inline-block; white-space: nowrap; margin-left: 6px; padding: 0 6px; border-radius: 10px; font-size: 11px; border: 1px solid #CF222E; color: #A40E26; background: #FFEBE9; }
        .lost.settled { border-color: #8C959F; color: #57606A; background: #F6F8FA; }
        .lost-note { margin: 4px 0; color: #A40E26; }
        ol.view-history li { padding: 2px 0; }
        ol.view-history li.current { font-weight: 600; }
        .sheet { margin: 0; }
        .sheet svg { max-width: 100%; height: auto; }
        .devices { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; }
        .legend span { margin-right: 8px; }
        .explain { max-width: 760px; }
        table.conflicts td.now code { font-weight: 600; }
        table.conflicts + h2 { margin-top: 24px; }
        table.conflicts td.account { max-width: 560px; }
        table.conflicts td.kind { white-space: nowrap; }
        .site { font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        table.conflicts .changed { color: #9A6700; font-size: 12px; font-weight: 600; }
        table.conflicts .confirm { max-width: 320px; padding: 8px 10px; border: 1px solid #D4A72C; border-radius: 6px; background: #FFF8C5; }
        table.conflicts .confirm p { margin: 0 0 8px; }
        table.conflicts .confirm button[data-action="keep"] { background: #CF222E; border-color: #A40E26; }
        [hidden] { display: none !important; }
        .kept { color: #1A7F37; font-weight: 600; }
        .deleted-mark { margin-left: 6px; padding: 0 6px; border-radius: 10px; font-size: 11px; font-weight: 400; border: 1px solid #CF222E; color: #A40E26; background: #FFEBE9; }
        table.documents tr.deleted .name { color: var(--muted); text-decoration: line-through; }
        .stage.nothing { flex: 1; max-width: 560px; border: 1px dashed var(--border); border-radius: 8px; padding: 16px 20px; background: var(--soft); }
        .error-page { max-width: 720px; border: 1px solid #FF8182; background: #FFEBE9; border-radius: 8px; padding: 12px 16px; }
        #notice { position: fixed; left: 20px; bottom: 20px; padding: 10px 16px; border-radius: 8px; background: #1F2328; color: white; max-width: 480px; cursor: pointer; }
        #notice[data-kind="error"] { background: #CF222E; }

        """
}
