/// The fixed parts of the HTML pages (the scan report and the privacy report): the document's
/// head, its style sheet, the scan report's one script, and the Content Security Policy that lets
/// a page load nothing from anywhere.
///
/// The policy is `default-src 'none'`: no request leaves the page (no image, font, frame, fetch
/// or form submission), and the only script allowed to run is `script` itself, named by its
/// SHA-256 hash. So even a value that got past `HTMLEscaping` could not run code or reach the
/// network. The script holds no data: everything it works on is in the page's elements, so the
/// hash is fixed. `Scripts/check-html-report` recomputes it and fails on a mismatch.
enum HTMLPage {
  /// The style sheet, inline. Severity filters are CSS alone: an unchecked filter box hides the
  /// findings of that severity, so filtering costs no script work per finding.
  static let style = """
    :root{color-scheme:light dark;--fg:#1d1f21;--bg:#fff;--muted:#666;--line:#d0d4d9;--head:#f3f5f7;\
    --error:#b3261e;--warning:#8a5a00;--note:#00639b;--used:#fde7e5;--declared:#fff4d6;--both:#e3f4e6}
    @media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#15171a;--muted:#9aa0a6;--line:#3a3f45;\
    --head:#202327;--error:#ff8a80;--warning:#ffd27a;--note:#8ab4f8;--used:#5c1f1b;--declared:#4d3c10;--both:#1d4226}}
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);\
    margin:0 auto;padding:1rem 1.5rem;max-width:110rem}
    h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.4rem 0 .5rem}
    code,.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em;word-break:break-all}
    .muted{color:var(--muted)}
    nav.filters{position:sticky;top:0;background:var(--bg);padding:.4rem 0;border-bottom:1px solid var(--line);z-index:2}
    nav.filters label{margin-right:1rem;white-space:nowrap}
    nav.filters input[type=search]{min-width:16rem}
    input.filter{position:absolute;opacity:0;pointer-events:none}
    nav.filters label.toggle::before{content:"\\2610\\a0"}
    #show-error:checked~nav label[for=show-error]::before,#show-warning:checked~nav label[for=show-warning]::before,\
    #show-note:checked~nav label[for=show-note]::before,#show-clean:checked~nav label[for=show-clean]::before\
    {content:"\\2611\\a0"}
    #show-error:not(:checked)~main .finding.error,#show-warning:not(:checked)~main .finding.warning,\
    #show-note:not(:checked)~main .finding.note,#show-clean:not(:checked)~main .clean{display:none}
    .hidden{display:none}
    .matrix-wrap{overflow-x:auto;border:1px solid var(--line)}
    table{border-collapse:collapse}
    th,td{border:1px solid var(--line);padding:.2rem .45rem;text-align:left;vertical-align:top}
    thead th{background:var(--head);position:sticky;top:0}
    table.matrix td{text-align:center;min-width:4.5rem}
    table.matrix th[scope=row]{position:sticky;left:0;background:var(--bg);white-space:nowrap}
    table.matrix th[scope=row] .path{word-break:normal}
    td.both{background:var(--both)}td.used{background:var(--used);font-weight:600}td.declared{background:var(--declared)}
    td.referenced{color:var(--muted)}td.missing{outline:2px solid var(--error);outline-offset:-2px}
    .sev{display:inline-block;min-width:4.2rem;font-weight:600}
    .sev.error,.count.error{color:var(--error)}.sev.warning,.count.warning{color:var(--warning)}\
    .sev.note,.count.note{color:var(--note)}
    section.target{border:1px solid var(--line);border-radius:6px;margin:.6rem 0}
    section.target>details>summary{padding:.45rem .7rem;background:var(--head);cursor:pointer}
    section.target>details>div{padding:.3rem .9rem .7rem}
    .count{margin-left:.6rem;font-size:.9em}
    dl.identity,dl.verdict{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.4rem 0}
    dl.identity dt{color:var(--muted)}dl.identity dd,dl.verdict dd{margin:0}
    dl.verdict{padding:.4rem .6rem;border-left:4px solid var(--both)}dl.verdict.reject{border-left-color:var(--error)}
    dl.verdict dt{font-weight:600}td.reject{color:var(--error);font-weight:600}td.accept{color:var(--muted)}
    details.finding{border-left:3px solid var(--line);margin:.35rem 0;padding-left:.6rem}
    details.finding.error{border-color:var(--error)}details.finding.warning{border-color:var(--warning)}\
    details.finding.note{border-color:var(--note)}
    details.finding>summary{cursor:pointer}
    details.finding table{margin:.35rem 0 .5rem;font-size:.92em}
    ul.profile{margin:.3rem 0;padding-left:1.2rem}
    section.bundle>h3{margin:0;padding:.45rem .7rem;background:var(--head);font-size:1rem;font-weight:normal}
    section.bundle>div{padding:.3rem .9rem .7rem}section.bundle.included{border-style:dashed}
    table.union td:first-child code{word-break:normal}table.facts th[scope=row]{font-weight:normal;color:var(--muted);white-space:nowrap}
    @media print{:root{color-scheme:light;--fg:#000;--bg:#fff;--muted:#555;--line:#bbb;--head:#eee}
    body{max-width:none;padding:0;font-size:10pt}nav.filters,button{display:none}
    thead th,table.matrix th[scope=row]{position:static}thead{display:table-header-group}
    table,tr,dl,li,h2,h3{break-inside:avoid}h2,h3{break-after:avoid}section.target{break-inside:auto}
    table{width:100%}.matrix-wrap{overflow:visible;border:0}
    dl.identity,dl.verdict{grid-template-columns:max-content minmax(0,1fr)}dd,td,code{overflow-wrap:anywhere}
    table.matrix{table-layout:fixed;font-size:7pt}
    table.matrix th,table.matrix td{min-width:0;padding:.1rem .15rem;overflow-wrap:anywhere;white-space:normal}
    table.matrix th[scope=row]{white-space:normal}table.matrix th[scope=row] .path{word-break:break-all}
    table.matrix thead tr:first-child th:first-child{width:13%}
    table.matrix thead tr:first-child th:nth-child(2),table.matrix thead tr:first-child th:nth-child(3){width:5%}
    table.matrix thead tr:first-child th:nth-child(4){width:4.5%}table.matrix thead tr:first-child th:nth-child(5){width:8%}
    table.matrix thead tr:last-child th{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left;\
    overflow-wrap:normal;white-space:nowrap}}
    """

  /// The one script: expand or collapse every section, narrow the report to the targets whose
  /// path contains the search text, and unfold every section while the page is printed (a
  /// folded `<details>` prints as its summary alone, which hid every evidence symbol), folding
  /// back afterwards what was folded. Each action is one pass over the page's elements.
  static let script = """
    "use strict";
    (function () {
      function setAll(open) {
        document.querySelectorAll("main details").forEach(function (d) { d.open = open; });
      }
      document.getElementById("expand-all").addEventListener("click", function () { setAll(true); });
      document.getElementById("collapse-all").addEventListener("click", function () { setAll(false); });
      var folded = [];
      window.addEventListener("beforeprint", function () {
        folded = Array.prototype.filter.call(document.querySelectorAll("main details"), function (d) { return !d.open; });
        folded.forEach(function (d) { d.open = true; });
      });
      window.addEventListener("afterprint", function () {
        folded.forEach(function (d) { d.open = false; });
        folded = [];
      });
      var search = document.getElementById("search");
      search.addEventListener("input", function () {
        var text = search.value.toLowerCase();
        document.querySelectorAll("[data-path]").forEach(function (element) {
          var path = element.getAttribute("data-path").toLowerCase();
          element.classList.toggle("hidden", text !== "" && path.indexOf(text) < 0);
        });
      });
    })();
    """

  /// The document up to `<body>`: the character set, `policy` as the Content Security Policy, no
  /// referrer, `title`, and the inline style sheet. `policy` is `contentSecurityPolicy` for a
  /// page that runs `script`, `scriptlessPolicy` for one that runs none.
  static func head(title: String, policy: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(policy)">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>\(title)</title>
    <style>\(style)</style>
    </head>
    <body>

    """
  }

  /// The base64 SHA-256 of `script`, as the Content Security Policy names it.
  static let scriptHash = "sha256-RHbfgXP2KGUJwS3dfX5Kl5bpw74Sp37elqRVohb0Lfg="

  /// The policy: nothing may be loaded or sent; inline style and the one script may run.
  static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'; base-uri 'none'; form-action 'none'"

  /// The policy of a page without a script: nothing may be loaded or sent, no script may run.
  static let scriptlessPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
}
