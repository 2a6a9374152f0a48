#!/usr/bin/env python3
"""check-html-tables.py PAGE.html...: fail if a table row has an empty cell.

Sphinx builds a table that docutils misread without a warning: in a simple
table, a continuation line with text in the first column starts a new row,
so a cell's second line becomes a row of its own, its other cells empty.
Every table of the series' documents fills every cell, so an empty one
means the table does not render as written.
"""
import sys
from html.parser import HTMLParser


class Rows(HTMLParser):
    """Collects each table row as a list of its cells' text."""

    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join(self.cell.split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def main():
    bad = 0
    for page in sys.argv[1:]:
        parser = Rows()
        with open(page, encoding="utf-8") as f:
            parser.feed(f.read())
        if not parser.rows:
            print(f"{page}: no table")
            bad += 1
        for row in parser.rows:
            if any(not cell for cell in row):
                print(f"{page}: a row with an empty cell: {row}")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
