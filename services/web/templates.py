"""The studio's HTML templates: one Jinja2 environment whose every `{{ value }}` is escaped, exactly once.

A view passes plain values and the template escapes them, so a new view cannot forget an escape. The escaping is
the studio's own rule (`escape_text`), not only Jinja's: gr.HTML renders its value through a template engine of
its own, so braces, dollars and backticks must become entities too, which `markupsafe` leaves alone.

Line breaks and indentation in a template are for reading it only (`_Compact` drops them), so the page gets the
same compact HTML the views always produced; a space that matters is written on the line it belongs to.

Jinja escapes on its own, with `markupsafe`, in `|join`, `~`, `|format`, `|e` and a few more: those bypass
`escape_text`, so the studio's templates do not use them (tests/test_templates.py checks).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.ext import Extension
from markupsafe import Markup

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "assets" / "templates" / "studio"
# Beyond HTML: gr.HTML renders through a template engine, so braces, dollars and backticks become entities too.
_TEMPLATE_CHARS = str.maketrans({"{": "&#123;", "}": "&#125;", "$": "&#36;", "`": "&#96;"})
_LAYOUT_WHITESPACE = re.compile(r"\n[ \t]*")


def escape_text(value: object) -> Markup:
    """Text for an HTML page: markup, quotes and template syntax all shown literally; None is nothing."""
    text = str(value if value is not None else "")
    return Markup(html.escape(text, quote=True).translate(_TEMPLATE_CHARS))


def _finalize(value: object) -> object:
    # Markup is HTML a view or another template already made safe: escaping it again would show its tags.
    return value if hasattr(value, "__html__") else escape_text(value)


class _Compact(Extension):
    """Drops each line break and the indentation after it, before Jinja reads the template."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return _LAYOUT_WHITESPACE.sub("", source)


# Immutable after this line and holds no per-user state, so one environment serves every request.
ENVIRONMENT = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=True, undefined=StrictUndefined,
                          finalize=_finalize, extensions=[_Compact], keep_trailing_newline=False)


def render(name: str, **values: Any) -> str:
    """The HTML of template `name` (a path under assets/templates/studio) filled with `values`."""
    return ENVIRONMENT.get_template(name).render(**values)


def safe(html_text: str) -> Markup:
    """HTML another view already built (and escaped), to be placed as is."""
    return Markup(html_text)
