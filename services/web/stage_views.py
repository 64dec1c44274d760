"""What the stage shows before the server has a picture: skeleton panels in the layout asked for.

Shown the moment Generate is accepted, so the page answers at once and the comic's
shape is where the comic will be; the first drawn attempt replaces it.
"""

from __future__ import annotations

from typing import Any

from services.schemas import DEFAULT_LAYOUT, LAYOUT_NAMES, PANELS_MAX, PANELS_MIN
from services.web.templates import render


def skeleton_comic_html(panels: Any, layout: Any) -> str:
    """Grey panels, as many as asked (within the limits) in the chosen layout, each with a caption line."""
    try:
        count = min(max(int(float(panels)), PANELS_MIN), PANELS_MAX)
    except (TypeError, ValueError):
        count = 4
    return render("stage/skeleton.html", count=count, layout=layout if layout in LAYOUT_NAMES else DEFAULT_LAYOUT)
