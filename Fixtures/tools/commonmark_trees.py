#!/usr/bin/env python3
"""The CommonMark spec examples as block trees, for CommonMarkSpecTests.

Reads Fixtures/commonmark/spec-0.31.2.json and gfm-0.29-extensions.json
(each example's Markdown and the HTML the spec expects) and writes
Fixtures/commonmark/trees.json: each example's expected HTML turned into
the block-tree notation the Swift test prints `MarkdownBlock` trees in, so
the test compares structure and shown text, not HTML.

The notation (strings quoted as below, children in brackets, commas between):

    heading(2,"Foo")          para("text as shown")       rule
    code("info",["line",…])   quote[…]                    html
    list(bullet,tight)[item[…],…]   list(ordered 3,loose)[…]
    item(checked)[…]  item(unchecked)[…]   (GFM task list items)
    table(left,center,right,none)[row["cell",…],…]   (the header row first)

Text is what the inlines show: markup removed, an image's alt text, a hard
break a newline, a soft break a space. A list is `loose` when its items'
paragraphs are in <p> elements (HTML cannot tell a tight list from a loose
one when none of its items holds a paragraph: both print `tight` then).
Code keeps only the info string's first word (HTML's `language-` class).

Raw HTML is what a terminal shows of it (`Markdown` interprets none): an
HTML block is `html["line",…]`, its lines as written, and is left out
when it holds comments only; inline raw HTML is its text as written, a
comment nothing. The spec's HTML cannot tell raw HTML from the HTML the
Markdown became (`<a href="foo">` is either), so for the examples that
have raw HTML, markdown-it-py (a CommonMark parser; `pip install
markdown-it-py==4.3.0`) says where it is: its HTML of the example must
equal the spec's, and its raw HTML tokens are then written as
`<x-html-block>` and `<x-html>` elements holding the raw text, which the
notation reads. The other examples are read from the spec's HTML alone.
Any other element is `html` at block level and `<tag>` inline.

    python3 Fixtures/tools/commonmark_trees.py             # writes trees.json
    python3 Fixtures/tools/commonmark_trees.py --gfm SPEC  # first extracts the
        GFM extension examples (tables, task lists, strikethrough) from the
        GFM spec's spec.txt into gfm-0.29-extensions.json
"""

import argparse
import html as htmllib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "commonmark"
GFM_SECTIONS = {"Tables (extension)", "Task list items (extension)", "Strikethrough (extension)"}
FENCE = "`" * 32


def quote(s):
    out = ['"']
    for c in s:
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append("\\u{%X}" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


class Node:
    def __init__(self, tag, attrs=None):
        self.tag = tag
        self.attrs = dict(attrs or {})
        self.children = []  # Node or str


VOID = {"br", "hr", "img", "input"}


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, attrs))

    def handle_endtag(self, tag):
        for k in range(len(self.stack) - 1, 0, -1):
            if self.stack[k].tag == tag:
                del self.stack[k:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


BR = "\x00"
INLINE = {"em", "strong", "code", "a", "del", "img", "br", "input", "x-html"}
COMMENTS = re.compile(r"\s*(?:(?:<!-->|<!--->|<!--.*?-->)\s*)+", re.S)


def raw_text(n):
    return "".join(c for c in n.children if isinstance(c, str))


def inline_text(nodes):
    out = []
    for n in nodes:
        if isinstance(n, str):
            out.append(n)
        elif n.tag == "br":
            out.append(BR)
        elif n.tag == "img":
            out.append(n.attrs.get("alt") or "")
        elif n.tag == "input":
            pass
        elif n.tag == "x-html":
            text = raw_text(n)
            out.append("" if COMMENTS.fullmatch(text) else text)
        elif n.tag in INLINE:
            out.append(inline_text(n.children))
        else:
            out.append("<%s>" % n.tag)
            out.append(inline_text(n.children))
    return "".join(out)


def shown(text):
    """Soft breaks are spaces, hard breaks newlines."""
    return text.replace(BR + "\n", BR).replace("\n", " ").replace(BR, "\n")


def blocks(nodes):
    out = []
    run = []  # inline content directly in a block container (a tight item)

    def flush():
        if run:
            text = shown(inline_text(run)).strip(" \n")
            if text:
                out.append("para(%s)" % quote(text))
            run.clear()

    for n in nodes:
        if isinstance(n, str) or n.tag in INLINE or n.tag not in BLOCKS:
            if isinstance(n, str) and not n.strip() and not run:
                continue
            if not isinstance(n, str) and n.tag not in INLINE and n.tag not in BLOCKS:
                flush()
                out.append("html")
                continue
            run.append(n)
            continue
        flush()
        block = BLOCKS[n.tag](n)
        if block is not None:
            out.append(block)
    flush()
    return out


def html_block(n):
    text = raw_text(n)
    if COMMENTS.fullmatch(text):
        return None
    if text.endswith("\n"):
        text = text[:-1]
    return "html[%s]" % ",".join(quote(l) for l in text.split("\n"))


def heading(n):
    return "heading(%d,%s)" % (int(n.tag[1]), quote(shown(inline_text(n.children))))


def paragraph(n):
    return "para(%s)" % quote(shown(inline_text(n.children)))


def pre(n):
    code = next((c for c in n.children if isinstance(c, Node) and c.tag == "code"), None)
    if code is None:
        return "html"
    info = code.attrs.get("class", "")
    info = info[len("language-"):] if info.startswith("language-") else ""
    text = "".join(c if isinstance(c, str) else "" for c in code.children)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return "code(%s,[%s])" % (quote(info), ",".join(quote(l) for l in lines))


def blockquote(n):
    return "quote[%s]" % ",".join(blocks(n.children))


def has_p(item):
    return any(isinstance(c, Node) and c.tag == "p" for c in item.children)


def lst(n):
    items = [c for c in n.children if isinstance(c, Node) and c.tag == "li"]
    kind = "ordered %s" % n.attrs.get("start", "1") if n.tag == "ol" else "bullet"
    tight = "loose" if any(has_p(i) for i in items) else "tight"
    return "list(%s,%s)[%s]" % (kind, tight, ",".join(item(i) for i in items))


def item(n):
    children = list(n.children)
    check = ""
    # A task item's checkbox: first in the item, or first in its first paragraph.
    holder = children
    first = next((c for c in children if not (isinstance(c, str) and not c.strip())), None)
    if isinstance(first, Node) and first.tag == "p":
        holder = first.children
    box = next((c for c in holder if not (isinstance(c, str) and not c.strip())), None)
    if isinstance(box, Node) and box.tag == "input" and box.attrs.get("type") == "checkbox":
        check = "(checked)" if "checked" in box.attrs else "(unchecked)"
        k = holder.index(box)
        del holder[k]
        # The space after the box is the marker's.
        if k < len(holder) and isinstance(holder[k], str) and holder[k].startswith(" "):
            holder[k] = holder[k][1:]
    return "item%s[%s]" % (check, ",".join(blocks(children)))


def table(n):
    rows = []
    aligns = None

    def walk(node):
        nonlocal aligns
        for c in node.children:
            if not isinstance(c, Node):
                continue
            if c.tag == "tr":
                cells = [d for d in c.children if isinstance(d, Node) and d.tag in ("th", "td")]
                if aligns is None:
                    aligns = [d.attrs.get("align") or "none" for d in cells]
                rows.append("row[%s]" % ",".join(quote(shown(inline_text(d.children))) for d in cells))
            else:
                walk(c)

    walk(n)
    return "table(%s)[%s]" % (",".join(aligns or []), ",".join(rows))


BLOCKS = {
    "h1": heading, "h2": heading, "h3": heading, "h4": heading, "h5": heading, "h6": heading,
    "p": paragraph, "pre": pre, "blockquote": blockquote, "ul": lst, "ol": lst,
    "hr": lambda n: "rule", "table": table, "x-html-block": html_block,
}


def marked_html(markdown, spec_html):
    """The example's HTML with its raw HTML marked, or None when it has none."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    tokens = md.parse(markdown)
    kinds = {t.type for t in tokens} | {c.type for t in tokens for c in (t.children or [])}
    if not kinds & {"html_block", "html_inline"}:
        return None
    if md.render(markdown) != spec_html:
        raise SystemExit("markdown-it-py's HTML differs from the spec's for %r" % markdown)
    md.add_render_rule("html_block", lambda self, t, i, o, e: "<x-html-block>%s</x-html-block>\n" % htmllib.escape(t[i].content))
    md.add_render_rule("html_inline", lambda self, t, i, o, e: "<x-html>%s</x-html>" % htmllib.escape(t[i].content))
    return md.render(markdown)


def tree(html):
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    return ",".join(blocks(builder.root.children))


def extract_gfm(spec_path):
    """The extension examples of the GFM spec's spec.txt, numbered as it numbers them."""
    examples = []
    section = ""
    number = 0
    lines = Path(spec_path).read_text(encoding="utf-8").split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.startswith("#"):
            m = re.match(r"#+ (.*)", line)
            if m:
                section = m.group(1)
        if line.startswith(FENCE + " example"):
            number += 1
            start = k + 1
            k += 1
            while lines[k] != ".":
                k += 1
            markdown = lines[start:k]
            k += 1
            hstart = k
            while lines[k] != FENCE:
                k += 1
            html = lines[hstart:k]
            if section in GFM_SECTIONS:
                examples.append({
                    "markdown": "".join(l + "\n" for l in markdown).replace("\u2192", "\t"),
                    "html": "".join(l + "\n" for l in html).replace("\u2192", "\t"),
                    "example": number,
                    "start_line": start,
                    "end_line": k + 1,
                    "section": section,
                })
        k += 1
    return examples


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gfm", help="the GFM spec's spec.txt (version 0.29)")
    args = parser.parse_args()
    if args.gfm:
        gfm = extract_gfm(args.gfm)
        (ROOT / "gfm-0.29-extensions.json").write_text(json.dumps(gfm, indent=1, ensure_ascii=False) + "\n")
    out = []
    for name, prefix in (("spec-0.31.2.json", ""), ("gfm-0.29-extensions.json", "gfm-")):
        for ex in json.loads((ROOT / name).read_text(encoding="utf-8")):
            out.append({
                "id": "%s%d" % (prefix, ex["example"]),
                "section": ex["section"],
                "markdown": ex["markdown"],
                "tree": tree(marked_html(ex["markdown"], ex["html"]) or ex["html"]),
            })
    (ROOT / "trees.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
