"""Skeleton panels while a comic is drawn: the shape asked for, nothing a reader typed."""

from services.web.stage_views import skeleton_comic_html


def test_one_grey_panel_per_panel_asked_for_in_the_chosen_layout() -> None:
    html = skeleton_comic_html(6, "grid_3x2")
    assert html.count('class="bb-skeleton-art"') == 6
    assert "bb-layout-grid_3x2" in html and 'aria-busy="true"' in html


def test_out_of_range_or_unreadable_choices_fall_back_to_what_the_studio_would_draw() -> None:
    assert skeleton_comic_html(99, "strip").count("bb-skeleton-art") == 8
    assert skeleton_comic_html("soon", "<script>").count("bb-skeleton-art") == 4
    assert "<script>" not in skeleton_comic_html(4, "<script>")
