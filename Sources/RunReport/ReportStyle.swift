/// The one stylesheet, inlined into every page so that a single page can be attached to a ticket on
/// its own. Sizes are in rem so the browser's zoom scales everything; panes wrap below each other
/// when the window is narrow (200 % zoom); wide diagrams scroll inside their own box instead of
/// shrinking their text. Fonts are the DejaVu faces Debian installs, so screenshots are stable.
enum ReportStyle {
    static let css = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #55555f; --line: #c9c9d2; --soft: #f4f4f6;
          --ok: #1a7f37; --bad: #c62828; --bitkit: #d9480f; --ring: #6741d9; --link: #0b57d0; }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--soft); color: var(--ink); line-height: 1.45; font-size: 1rem;
          font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
        main { max-width: 90rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
        h1 { font-size: 1.6rem; margin: .4rem 0 .6rem; line-height: 1.25; }
        h2 { font-size: 1.25rem; }
        a { color: var(--link); }
        code, pre, .mono, dd { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: .875rem; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid var(--line);
          border-radius: .4rem; padding: .5rem .75rem; margin: .4rem 0; }
        .crumb { font-size: .9rem; margin: 0; }
        .meta { display: flex; flex-wrap: wrap; gap: .3rem 1.25rem; margin: 0 0 .6rem; padding: 0; list-style: none;
          color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }
        h1, .summary-box, .race-case p, .race-case li { overflow-wrap: anywhere; }
        .meta strong { color: var(--ink); }
        .badge { display: inline-block; padding: .05rem .55rem; border-radius: 999px; font-weight: 700; font-size: .8rem;
          letter-spacing: .03em; vertical-align: middle; }
        .badge.pass { background: #dcfce7; color: #14532d; }
        .badge.fail { background: #fee2e2; color: #7f1d1d; }
        .badge.malformed { background: #fef3c7; color: #78350f; }
        .badge.skipped { background: #e5e7eb; color: #374151; }
        .badge.design { background: #e0e7ff; color: #312e81; }
        .tag { display: inline-block; background: #e0e7ff; color: #1e3a8a; border-radius: .3rem; padding: 0 .4rem;
          font-size: .8rem; margin: 0 .2rem .2rem 0; }
        .summary-box { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: .6rem 1rem;
          margin: .8rem 0; }
        .summary-box.failed { border-color: var(--bad); background: #fff7f7; }
        .summary-box h2 { margin: 0 0 .3rem; font-size: 1.1rem; }
        .summary-box dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: .15rem .6rem; padding: .3rem .5rem; }
        .summary-box dt { font-weight: 700; }
        .summary-box dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
        .toc ol { columns: 22rem; column-gap: 2rem; font-size: .85rem; margin: .4rem 0; }
        .toc li.failed a { color: var(--bad); font-weight: 700; }
        table { border-collapse: collapse; width: 100%; background: #fff; font-size: .875rem; }
        caption { text-align: left; font-weight: 700; padding: .2rem 0 .35rem; }
        th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
        th { background: #ececf1; }
        td.wrap, td.account { overflow-wrap: anywhere; }
        td.account { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: .8rem; }
        td.num { text-align: right; white-space: nowrap; }
        td.change { white-space: nowrap; font-weight: 700; }
        tr.failed td { background: #fff5f5; }
        .step { background: #fff; border: 1px solid var(--line); border-radius: .75rem; margin: 1.25rem 0;
          padding: .75rem 1rem 1rem; }
        .step.failed { border: 2px solid var(--bad); }
        .step-head { display: flex; flex-wrap: wrap; gap: .3rem 1rem; align-items: baseline; }
        .step-head h2 { font-size: 1.1rem; margin: 0; }
        .step-head .command { font-size: 1rem; background: var(--soft); padding: .1rem .45rem; border-radius: .3rem;
          overflow-wrap: anywhere; }
        .location { color: var(--muted); font-size: .85rem; }
        .notes, .remarks { margin: .4rem 0 0; padding: 0; list-style: none; font-size: .9rem; overflow-wrap: anywhere; }
        .notes li { font-style: italic; }
        .remarks li { color: var(--muted); }
        .bindings { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .6rem; margin: .4rem 0 0;
          font-size: .85rem; overflow-wrap: anywhere; }
        .bindings dt { font-family: ui-monospace, monospace; color: var(--muted); }
        .bindings dd { margin: 0; font-family: ui-monospace, monospace; }
        .members { margin: .4rem 0 0; padding-left: 1.1rem; font-size: .85rem; overflow-wrap: anywhere; }
        .members li.fail { color: var(--bad); }
        .panes { display: flex; flex-wrap: wrap; gap: 1rem 1.25rem; align-items: flex-start; margin-top: .75rem; }
        .pane { flex: 0 1 19.5rem; min-width: 0; max-width: 100%; }
        .pane-world { flex: 1 1 24rem; min-width: min(24rem, 100%); }
        .pane-world h3 { font-size: 1rem; margin: 0 0 .35rem; }
        .platforms { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
        .platform { flex: 1 1 34rem; min-width: 0; }
        .platform .pane { flex-basis: 16.5rem; }
        .platform .phone { width: 16.5rem; }
        .platform h3 { font-size: 1rem; margin: .5rem 0 .25rem; }
        .phone { margin: 0; width: 19.5rem; max-width: 100%; --accent: #444; }
        .phone-bitkit { --accent: var(--bitkit); }
        .phone-ring { --accent: var(--ring); }
        .phone figcaption { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .2rem .5rem;
          margin-bottom: .4rem; align-items: baseline; }
        .app-name { font-weight: 700; color: var(--accent); }
        .acted-tag { background: var(--accent); color: #fff; border-radius: 999px; padding: 0 .55rem; font-size: .75rem;
          font-weight: 700; }
        .last-shown { color: var(--muted); font-size: .8rem; }
        .bezel { background: #202024; border-radius: 2.2rem; padding: .65rem; }
        .phone.acted .bezel { outline: 4px solid var(--accent); outline-offset: 2px; }
        .display { background: #fff; border-radius: 1.6rem; min-height: 22rem; overflow: hidden; display: flex;
          flex-direction: column; }
        .display.empty { min-height: 9rem; }
        .statusbar { display: flex; justify-content: space-between; gap: .5rem; padding: .5rem 1.1rem .3rem;
          font-size: .75rem; font-weight: 700; }
        .lock-locked, .lock-never-unlocked { color: var(--bad); }
        .offline { color: var(--bad); }
        .toasts { list-style: none; margin: 0; padding: 0 .55rem; display: grid; gap: .3rem; }
        .toast { border-radius: .65rem; padding: .35rem .6rem; font-size: .8rem; color: #fff; overflow-wrap: anywhere; }
        .toast-kind { font-weight: 700; text-transform: uppercase; font-size: .7rem; letter-spacing: .05em; }
        .toast-success { background: #15803d; }
        .toast-info { background: #1d4ed8; }
        .toast-warning { background: #a16207; }
        .toast-error { background: #b91c1c; }
        .stage { display: grid; flex: 1; }
        .stage > .content, .stage > .sheet-layer { grid-area: 1 / 1; }
        .content { padding: .45rem 1.1rem 1rem; overflow-wrap: anywhere; }
        .route { font-size: .72rem; color: var(--muted); margin: 0; }
        .screen-title { font-weight: 700; font-size: 1.3rem; line-height: 1.2; margin: .3rem 0 .5rem; }
        .screen-text { font-size: .88rem; margin: .3rem 0; }
        .rows { list-style: none; padding: 0; margin: .5rem 0; display: grid; gap: .4rem; }
        .row { border: 1px solid var(--line); border-radius: .65rem; padding: .4rem .6rem; }
        .row.dashed { border: 2px dashed var(--accent); }
        .row.disabled { color: var(--muted); }
        .row-title { font-weight: 700; font-size: .88rem; }
        .row-caption { font-size: .78rem; color: var(--muted); }
        .pill { display: inline-block; font-size: .72rem; border-radius: 999px; padding: 0 .45rem; background: #ede9fe;
          color: #3b0764; margin: .2rem .25rem 0 0; }
        .row-button, .button { display: inline-block; border-radius: 999px; background: var(--accent); color: #fff;
          padding: .2rem .75rem; font-size: .8rem; font-weight: 700; margin-top: .3rem; }
        .button.disabled, .row-button.disabled { background: #d4d4d8; color: #3f3f46; }
        .buttons { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .6rem; }
        .sheet-layer { background: rgba(20, 20, 24, .45); display: flex; align-items: flex-end; }
        .sheet { background: #fff; width: 100%; border-radius: 1.1rem 1.1rem 0 0; padding: .6rem 1rem 1rem;
          overflow-wrap: anywhere; }
        .sheet-title { font-weight: 700; font-size: 1.05rem; margin: .2rem 0 .4rem; }
        .sheet-grip { width: 2.5rem; height: .3rem; border-radius: 1rem; background: #c4c4cc; margin: 0 auto .3rem; }
        .empty-screen { color: var(--muted); padding: 1.5rem 1rem; text-align: center; font-size: .9rem; }
        .expectations { list-style: none; padding: 0; margin: .6rem 0 0; display: grid; gap: .35rem; }
        .expectation { font-size: .85rem; border-left: 4px solid var(--ok); background: #f0fdf4; padding: .25rem .5rem;
          overflow-wrap: anywhere; }
        .expectation.failed { border-left-color: var(--bad); background: #fef2f2; }
        .expectation .mark { font-weight: 700; color: var(--ok); }
        .expectation.failed .mark { color: var(--bad); }
        .expectation dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: .15rem .6rem; margin: .35rem 0 .1rem; }
        .expectation dt { font-weight: 700; }
        .expectation dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
        .output { font-size: .8rem; }
        details { margin-top: .6rem; }
        details > summary { cursor: pointer; font-weight: 700; font-size: .9rem; }
        details.journal ol, details.as-text ol { font-family: "DejaVu Sans Mono", monospace; font-size: .78rem;
          overflow-wrap: anywhere; }
        .diagram { overflow-x: auto; background: #fff; border: 1px solid var(--line); border-radius: .5rem;
          padding: .5rem; margin: .5rem 0; }
        .diagram svg { display: block; max-width: none; height: auto; }
        svg text { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 12px; fill: #1d1d1f; }
        svg .lane-name { font-weight: 700; font-size: 13px; }
        svg .message text, svg .point text { paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .race-case { background: #fff; border: 1px solid var(--line); border-radius: .75rem; margin: 1.25rem 0;
          padding: .75rem 1rem 1rem; }
        .race-case.failed { border: 2px solid var(--bad); }
        .race-case h2 { margin: 0 0 .4rem; font-size: 1.15rem; }
        @media print {
          body { background: #fff; font-size: 10.5pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          main { max-width: none; padding: 0; }
          .toc { display: none; }
          .step, .race-case { border-width: 1px; margin: .6rem 0; }
          .phone, table, .expectation, .summary-box { break-inside: avoid; }
          .step-head { break-after: avoid; }
          .diagram { overflow: visible; border: none; padding: 0; }
          a { color: inherit; text-decoration: none; }
        }
        """
}
