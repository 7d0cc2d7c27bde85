"""`explain --format md|html`: the same sheet, as Markdown or HTML, with everything a rule file wrote escaped."""
from __future__ import annotations

import html
import io
import re
from html.parser import HTMLParser

from ruleplay.pipeline import load
from ruleplay.tools.explain.sheet import write_sheet
from ruleplay.tools.explain.sheetformat import to_html, to_markdown

SHEET = ("Title <b>\n=========\nA <script>alert(1)</script> & [link](http://x) *bold*\nZones:\n  hand: one\n"
         "    inner: `a < b` deeper\n  pile: two\nEnd.\n")


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.depth = 0
        self.balanced = True

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.depth += tag in ("ul", "li")

    def handle_endtag(self, tag):
        self.depth -= tag in ("ul", "li")
        self.balanced &= self.depth >= 0

    def handle_data(self, data):
        self.text.append(data)


def test_html_escapes_what_the_file_wrote_and_nests_the_lists():
    page = to_html(SHEET)
    p = _Tags()
    p.feed(page)
    assert set(p.tags) == {"html", "head", "meta", "title", "body", "h1", "p", "h2", "ul", "li", "code"}
    assert p.balanced and p.depth == 0
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; [link]" in page
    assert "<title>Title &lt;b&gt;</title>" in page and "<h2>Zones:</h2>" in page
    assert "<ul><li>hand: one\n<ul><li>inner: <code>a &lt; b</code> deeper\n</li></ul>\n</li><li>pile: two" in page


def test_markdown_escapes_markup_and_keeps_formulas_as_code():
    md = to_markdown(SHEET)
    assert md.startswith("# Title \\<b\\>\n\nA \\<script\\>alert(1)\\</script\\> \\& \\[link\\](http://x) \\*bold\\*\n")
    assert "## Zones:\n\n- hand: one\n  - inner: `` a < b `` deeper\n- pile: two\n\nEnd.\n" in md


def test_every_line_of_a_real_sheet_is_in_both_formats():
    out = io.StringIO()
    write_sheet(load("hearts", {"jd-bonus": "true"}), out)
    text = out.getvalue()
    page = html.unescape(re.sub(r"<[^>]+>", "", to_html(text))).replace("\n", "")
    for line in text.splitlines():
        if line.strip() and set(line) != {"="}:
            assert line.strip().replace("`", "") in page
    md = to_markdown(text)
    assert "\n- points: H = 1, QS = 13, JD = -10\n" in md and "\n- pass (pass): every player chooses 3" in md
