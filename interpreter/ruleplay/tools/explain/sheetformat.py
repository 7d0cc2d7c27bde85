"""A rule sheet for sharing: `explain --format md|html`, from the text sheet's layout (title, sections
ending in a colon, indented items, formulas in backticks). Rule files are untrusted: everything a file
wrote is escaped, in HTML as text and in Markdown so that it cannot become markup."""
from __future__ import annotations

import html
import re

FORMATS = ("text", "md", "html")
_QUOTED = re.compile(r"`([^`\n]*)`")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")     # what could start markup, a link or raw HTML


def _lines(text: str) -> list[tuple[str, int, str]]:
    """The sheet as (what, depth, text): what is title, heading, para or item; depth counts indents."""
    raw = text.splitlines()
    out: list[tuple[str, int, str]] = []
    i = 0
    while i < len(raw):
        line = raw[i]
        if i + 1 < len(raw) and raw[i + 1] and set(raw[i + 1]) == {"="} and not out:
            out.append(("title", 0, line))
            i += 2
            continue
        body = line.lstrip(" ")
        depth = (len(line) - len(body)) // 2
        if body:
            out.append(("item" if depth else "heading" if body.endswith(":") else "para", depth, body))
        i += 1
    return out


def _md_inline(text: str) -> str:
    parts = _QUOTED.split(text)        # even: words, odd: a formula
    return "".join(_MD_SPECIAL.sub(r"\\\1", p) if k % 2 == 0 else "`` " + p + " ``" for k, p in enumerate(parts))


def _html_inline(text: str) -> str:
    parts = _QUOTED.split(text)
    return "".join(html.escape(p) if k % 2 == 0 else "<code>" + html.escape(p) + "</code>"
                   for k, p in enumerate(parts))


def to_markdown(text: str) -> str:
    out: list[str] = []
    last = ""
    for what, depth, body in _lines(text):
        said = _md_inline(body)
        if out and not (what == "item" and last == "item"):
            out.append("")                  # a blank line between blocks; a list's items stay together
        out.append({"title": f"# {said}", "heading": f"## {said}", "para": said}.get(what)
                   or "  " * (depth - 1) + f"- {said}")
        last = what
    return "\n".join(out) + "\n"


def to_html(text: str) -> str:
    out: list[str] = []
    open_lists = 0
    title = "Rule sheet"

    def close(to: int) -> None:
        nonlocal open_lists
        while open_lists > to:
            out.append("</li></ul>")
            open_lists -= 1

    for what, depth, body in _lines(text):
        said = _html_inline(body)
        if what != "item":
            close(0)
        if what == "title":
            title = body
            out.append(f"<h1>{said}</h1>")
        elif what == "heading":
            out.append(f"<h2>{said}</h2>")
        elif what == "para":
            out.append(f"<p>{said}</p>")
        else:
            if depth > open_lists:
                while open_lists < depth:
                    out.append("<ul><li>" if open_lists + 1 == depth else "<ul><li>")
                    open_lists += 1
                out[-1] += said
            else:
                close(depth)
                out.append(f"</li><li>{said}")
    close(0)
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + html.escape(title) +
            "</title></head>\n<body>\n" + "\n".join(out) + "\n</body></html>\n")


def render(text: str, fmt: str) -> str:
    return to_markdown(text) if fmt == "md" else to_html(text) if fmt == "html" else text
