"""The Swift table of HTML5's named character references is what
Fixtures/tools/html_entities.py writes from Python's html.entities, and
the table holds every name ending in `;`, sorted as the Swift binary
search expects.

Run: python3 -m pytest Tests/Tools
"""

import re
import subprocess
import sys
from html.entities import html5
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "Fixtures" / "tools" / "html_entities.py"
TABLE = ROOT / "Sources" / "Engine" / "Primitives" / "HTMLEntities+Table.swift"


def test_table_is_generated():
    run = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_table_is_sorted_and_complete():
    text = TABLE.read_text()
    body = text[text.index('"""\n') + 4:text.rindex('"""')]
    lines = [l.strip() for l in body.split("\n") if l.strip()]
    names = [l.split(" ")[0] for l in lines]
    assert names == sorted(names, key=lambda n: n.encode())
    assert set(names) == {n[:-1] for n in html5 if n.endswith(";")}
    for line in lines:
        name, value = line.split(" ")
        assert re.fullmatch(r"[0-9A-F]+(,[0-9A-F]+)*", value)
        assert "".join(chr(int(v, 16)) for v in value.split(",")) == html5[name + ";"]
